// The console's code before its first render in two chunks instead of some thirty. Left to itself, the
// bundler splits what the lazy routes share by which of them import it: the console root, the
// signed-in shell and the first page came in ~35 files (several under 1 KB), each a request and a
// <link rel="modulepreload"> that the browser creates and starts one by one on the main thread.
// Here the modules that the console root needs (app/console.tsx, the route table, app/start-early.ts)
// form one chunk, and those that the signed-in shell adds (app/protected.tsx, the page error
// boundary) a second; the auth screens load the first only (it holds what they share with the shell). Each set is the static closure of its
// roots, found in the module graph at build time, less what the entry (src/main.tsx) already holds,
// so it is closed under its imports and the entry stays as it was. Pages keep their own chunks.
import { join } from 'node:path';
import type { Plugin } from 'vite';

type Group = 'console' | 'shell';

interface Graph {
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null;
}

/** `roots` and every module they import statically, except those in `stop`. */
function closure(graph: Graph, roots: string[], stop: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  const next = roots.filter((id) => graph.getModuleInfo(id));
  if (next.length !== roots.length) throw new Error(`console chunks: a root is not in the module graph (${roots.join(', ')})`);
  while (next.length) {
    const id = next.pop()!;
    if (found.has(id) || stop.has(id)) continue;
    found.add(id);
    next.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

export function consoleChunks(root: string) {
  const src = (path: string) => join(root, 'src', path);
  const groupOf = new Map<string, Group>();
  // Virtual modules (the bundler's runtime, Vite's preload helper) and stylesheets stay where they are.
  const movable = (id: string) => !id.startsWith('\0') && !/\.css($|\?)/.test(id);

  const plugin: Plugin = {
    name: 'clinic-console-chunks',
    apply: 'build',
    buildEnd() {
      const entry = closure(this, [src('main.tsx')], new Set());
      const consoleSet = closure(this, [src('app/console.tsx'), src('app/console-routes.tsx'), src('app/start-early.ts')], entry);
      const shell = closure(this, [src('app/protected.tsx'), src('app/layout/page-error.tsx')], new Set([...entry, ...consoleSet]));
      // What the shell shares with the auth screens goes with the console root, which both load, so
      // that signing in does not load the signed-in shell.
      const authScreens = [...this.getModuleIds()].filter((id) => id.startsWith(src('features/auth/routes/')) || id === src('features/members/routes/accept-invite.tsx'));
      const auth = closure(this, authScreens, entry);
      for (const id of shell) if (auth.has(id)) consoleSet.add(id);
      for (const id of consoleSet) if (movable(id)) groupOf.set(id, 'console');
      for (const id of shell) if (movable(id) && !consoleSet.has(id)) groupOf.set(id, 'shell');
    },
  };

  // Each set is closed under its imports (the entry's modules load first), so nothing else is pulled in.
  const codeSplitting = {
    groups: (['console', 'shell'] as const).map((name) => ({ name, test: (id: string) => groupOf.get(id) === name, includeDependenciesRecursively: false })),
  };
  return { plugin, codeSplitting };
}
