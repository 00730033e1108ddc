// The console's two shell chunks (vite-console-chunks.ts): which module goes where, on a small graph
// shaped like the console's.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { consoleChunks } from './vite-console-chunks';

const root = '/app/web';
const src = (path: string) => join(root, 'src', path);
const lib = (name: string) => `/app/node_modules/${name}/index.js`;

/** module -> what it imports statically */
const graph: Record<string, string[]> = {
  [src('main.tsx')]: [lib('react'), src('app/router.tsx')],
  [src('app/router.tsx')]: [lib('react-router')],
  [lib('react')]: [],
  [lib('react-router')]: [lib('react')],
  [src('app/console.tsx')]: [lib('react'), src('lib/api.ts'), lib('react-toastify'), '\0vite/preload-helper.js'],
  [src('app/console-routes.tsx')]: [lib('react-router'), src('app/routes.tsx')],
  [src('app/routes.tsx')]: [],
  [src('app/start-early.ts')]: [src('lib/api.ts')],
  [src('lib/api.ts')]: [lib('js-cookie')],
  [lib('js-cookie')]: [],
  [lib('react-toastify')]: [lib('react'), src('react-toastify.css')],
  [src('react-toastify.css')]: [],
  '\0vite/preload-helper.js': [],
  [src('app/protected.tsx')]: [src('app/layout/sidebar.tsx'), src('components/logo.tsx'), lib('react-bootstrap-modal')],
  [src('app/layout/page-error.tsx')]: [src('lib/api.ts')],
  [src('app/layout/sidebar.tsx')]: [src('components/logo.tsx')],
  [src('components/logo.tsx')]: [lib('react')],
  [lib('react-bootstrap-modal')]: [lib('react')],
  [src('features/auth/routes/auth-layout.tsx')]: [src('components/logo.tsx'), lib('zod')],
  [lib('zod')]: [],
  [src('features/dashboard/routes/dashboard.tsx')]: [src('lib/api.ts'), lib('chart')],
  [lib('chart')]: [],
};

function groups() {
  const { plugin, codeSplitting } = consoleChunks(root);
  const context = {
    getModuleInfo: (id: string) => (graph[id] ? { importedIds: graph[id] } : null),
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
  };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return (id: string) => codeSplitting.groups.find((g) => g.test(id))?.name ?? 'own';
}

describe('console chunks', () => {
  it('puts the console root in one chunk and what the signed-in shell adds in another', () => {
    const groupOf = groups();
    for (const id of [src('app/console.tsx'), src('app/console-routes.tsx'), src('app/routes.tsx'), src('app/start-early.ts'), src('lib/api.ts'), lib('js-cookie'), lib('react-toastify')]) {
      expect(groupOf(id), id).toBe('console');
    }
    for (const id of [src('app/protected.tsx'), src('app/layout/page-error.tsx'), src('app/layout/sidebar.tsx'), lib('react-bootstrap-modal')]) {
      expect(groupOf(id), id).toBe('shell');
    }
  });

  it('leaves the entry, the pages, stylesheets and virtual modules where they were', () => {
    const groupOf = groups();
    for (const id of [src('main.tsx'), src('app/router.tsx'), lib('react'), lib('react-router'), src('features/dashboard/routes/dashboard.tsx'), lib('chart'), lib('zod'), src('react-toastify.css'), '\0vite/preload-helper.js']) {
      expect(groupOf(id), id).toBe('own');
    }
  });

  it('gives what the auth screens share with the shell to the console root, so signing in loads no shell', () => {
    expect(groups()(src('components/logo.tsx'))).toBe('console');
  });
});
