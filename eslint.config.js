// ESLint, run by `npm test` (scripts/test.mjs). Rules that catch defects, not style (formatting is the
// editor's): ESLint's recommended set, typescript-eslint's recommendedTypeChecked (promises nobody
// awaits, values typed `any` flowing on unchecked, methods passed without their object...), React's
// hooks rules (the recommended set, React Compiler's included) and jsx-a11y's recommended set on the
// web's JSX, so an accessibility mistake is refused while it is written, before axe sees it in e2e.
// A rule switched off or relaxed says why in one line.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
// The jsx-a11y rules from es-tooling's fork: eslint-plugin-jsx-a11y 6.10.2 (2024) accepts ESLint 9 at most.
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers of functions/, each importing only those below it (docs/conventions.md, "Layers"):
 * functions/lib (platform clients and config) < functions/data (the table) < functions/domain (what
 * several handler areas share: places, views, mails, payment consumers...) and, beside it, the HTTP
 * chain (functions/http, with the route table functions/routes.ts; neither imports the other) < the
 * handler areas, functions/<area>/ with its lib/. A handler area imports no other area: what two
 * areas need lives in functions/domain. Tests may cross layers to test them together.
 * functions/layers.test.ts proves each rule refuses.
 */
const upward = (message, ...regexes) => ({ 'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }] });
/** Where a handler may reach outside its own area, relative to functions/: the layers below it. */
const BELOW_HANDLERS = '(?!lib/|data/|domain/|http/|routes$|\\.\\./shared/)';
const AREA_MESSAGE = 'A handler area imports no other handler area: what two areas share lives in functions/domain/<context>/ (#domain/*).';
const NOT_AREAS = ['functions/lib/**', 'functions/data/**', 'functions/domain/**', 'functions/http/**'];
const LAYERS = [
  {
    files: ['functions/lib/**/*.ts'],
    // Stands in for scripts/openapi/document.ts until it imports functions/http/http (scripts/layers/move.mjs).
    ignores: ['functions/lib/http.ts'],
    rules: upward('functions/lib is the lowest layer: it imports lib, shared and packages only.', '^#http/', '^#domain/', '^\\.\\./(?!\\.\\./shared/)'),
  },
  {
    files: ['functions/data/**/*.ts'],
    rules: upward('functions/data imports lib, shared and data only: not the domain, the HTTP chain, the route table or handlers.', '^#http/', '^#domain/', '^\\.\\./(?!lib/|\\.\\./shared/)'),
  },
  {
    // functions/domain/<context>/<file>.ts: two levels below functions/.
    files: ['functions/domain/**/*.ts'],
    rules: upward('functions/domain imports lib, data, shared and the domain only: never the HTTP chain, the route table or a handler area.', '^#http/', '^\\.\\./\\.\\./(?!lib/|data/|domain/|\\.\\./shared/)'),
  },
  {
    files: ['functions/http/**/*.ts'],
    rules: upward('The HTTP chain imports lib, data, the route table and shared only: never a handler.', '^#domain/', '^\\.\\./(?!lib/|data/|routes$|\\.\\./shared/)'),
  },
  {
    files: ['functions/routes.ts'],
    rules: upward('The route table names handlers by path; it imports lib, data and shared only.', '^#domain/', '^\\./(?!lib/|data/|http/)'),
  },
  {
    // A handler, functions/<area>/<file>.ts.
    files: ['functions/*/*.ts'],
    ignores: NOT_AREAS,
    rules: upward(AREA_MESSAGE, `^\\.\\./${BELOW_HANDLERS}`),
  },
  {
    // A handler's helper, functions/<area>/lib/<file>.ts: ../ is its own area.
    files: ['functions/*/*/**/*.ts'],
    ignores: NOT_AREAS,
    rules: upward(AREA_MESSAGE, `^\\.\\./\\.\\./${BELOW_HANDLERS}`),
  },
].map((layer) => ({ ...layer, ignores: ['**/*.test.ts', ...(layer.ignores ?? [])] }));

/**
 * Where web code goes (web/README.md, "Where code goes"): app/ (the console's shell and route table) and
 * public-pages/ (the public pages and their entries) put features together; each features/<area>/ is
 * the console's pages of one area and imports no other feature, nor app/ or public-pages/: what
 * several use lives in lib/ (calls, hooks, helpers) or components/ (UI), which import no feature.
 * Public pages import no console code. Every rule set also keeps the import all of web/src is refused
 * (react-bootstrap's Modal, wrapped by components/modal.tsx): a later block's no-restricted-imports
 * replaces an earlier one's for the same file, so each block carries the whole list.
 * web/imports.test.ts proves each rule refuses. Features are read from the folder, so a new one is
 * covered at once.
 */
const MODAL = { name: 'react-bootstrap/Modal', message: 'Import Modal from web/src/components/modal: it keeps Tab inside the dialog.' };
const webImports = (patterns, paths = [MODAL]) => ({ 'no-restricted-imports': ['error', { paths, patterns }] });
const FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A relative specifier from `depth` folders below a folder of web/src that climbs back to web/src and into one of `folders`. */
const upTo = (depth, folders) => `^(\\.\\./){${depth + 1}}(${folders.join('|')})(/|$)`;
const FEATURE_RULES = FEATURES.flatMap((feature) => {
  const message = `features/${feature} imports no other feature, nor app/ or public-pages/: move what several features use to web/src/lib (calls, hooks) or web/src/components (UI) (web/README.md).`;
  // A file `depth` folders below features/<feature>/: '../' depth+1 times is features/ itself.
  return [0, 1, 2, 3, 4, 5].map((depth) => ({
    files: [`web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: webImports(
      [
        `^(\\.\\./){${depth + 1}}(?!${feature}(/|$))[^./]`,
        `(^|/)features/(?!${feature}/)`,
        upTo(depth + 1, ['app', 'public-pages']),
      ].map((regex) => ({ regex, message })),
    ),
  }));
});
const SHARED = ['lib', 'components', 'i18n', 'config'];
const sharedRule = (paths) =>
  webImports(
    [{ regex: '^(\\.\\./)+(features|app|public-pages)(/|$)', message: 'Shared code (lib, components, i18n, config) imports no feature, app/ or public-pages/: it is what they import.' }],
    paths,
  );
const PUBLIC_PAGE_CONSOLE = 'A public page imports no console code (features/, app/, react-router, lib/auth, lib/roles, lib/layout, Dropdown, Offcanvas): it is built on its own, on Preact (web/README.md, "Public pages").';
const WEB_RULES = [
  ...FEATURE_RULES,
  { files: SHARED.map((folder) => `web/src/${folder}/**/*.{ts,tsx}`), ignores: ['web/src/components/modal.tsx'], rules: sharedRule([MODAL]) },
  { files: ['web/src/components/modal.tsx'], rules: sharedRule([]) },
  {
    // Its tests may render the pages in a router (testing/render); the pages themselves may not.
    files: ['web/src/public-pages/**/*.{ts,tsx}'],
    rules: webImports([{ regex: '^(\\.\\./)+(features|app)(/|$)', message: PUBLIC_PAGE_CONSOLE }]),
  },
  {
    files: ['web/src/public-pages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: webImports(
      [{ regex: '^(\\.\\./)+(features|app)(/|$)', message: PUBLIC_PAGE_CONSOLE }, { regex: '^(\\.\\./)+lib/(auth|roles|layout)$', message: PUBLIC_PAGE_CONSOLE }],
      [MODAL, ...['react-router', 'react-router-dom', 'react-bootstrap/Dropdown', 'react-bootstrap/Offcanvas'].map((name) => ({ name, message: PUBLIC_PAGE_CONSOLE }))],
    ),
  },
];

export default defineConfig(
  { ignores: ['node_modules/', 'dist/', 'cdk.out/', '.cache/', '.data/', 'coverage/', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // One tsconfig for everything; the few scripts outside it get a default project.
        projectService: { allowDefaultProject: ['web/scripts/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // react-router's navigate() returns a promise only under a data router, and it never rejects.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/await-thenable': 'error',
      // JSX handlers may return promises (react-hook-form's handleSubmit does): React ignores the value.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Control characters in patterns are what those patterns look for (ids, paths, pasted HTML).
      'no-control-regex': 'off',
      // TypeScript reports undefined names and redeclarations itself, with types in mind.
      'no-undef': 'off',
      'no-redeclare': 'off',
      // Style, not defects.
      'prefer-const': 'off',
      // A callback in a type is a property, not a method: a method may be passed on without its object
      // (what unbound-method refuses), a property says it is a plain function and may be.
      '@typescript-eslint/method-signature-style': ['error', 'property'],
    },
  },
  {
    // The rules of hooks and of React Compiler's model (render is pure, state is not set in effects...),
    // and effects that name every value they read (a stale closure is a defect, so an error, not a warning).
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['web/src/**/*.tsx'],
    extends: [jsxA11y.configs.recommended],
  },
  {
    // A function a person can hold in their head (issue 35): counted as written, blank lines and
    // comments included, and a component is a function. Tests are exempt (a test file's describe block
    // is one long function by nature).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },
  {
    // Every dialog keeps Tab inside it (web/src/components/modal.tsx wraps react-bootstrap's Modal).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/modal.tsx'],
    rules: webImports([]),
  },
  ...WEB_RULES,
  {
    // A function a person can hold in their head (issue 35): at most 150 lines as written, comments and
    // blank lines included, a handler's endpoint(...) callback and an IIFE each counting as one function.
    // A longer one becomes named steps (docs/conventions.md, "Functions"). Tests are lists of cases.
    files: ['functions/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  ...LAYERS,
  {
    // infra describes the deployment and the local stack; scripts are tools that may read infra, never
    // the other way round. What both need lives in infra (infra/api-docs/); what only a script makes
    // (the OpenAPI document) reaches infra as a built file or an injected function.
    files: ['infra/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)scripts/', message: 'infra does not import scripts: move what both need into infra, or inject it (infra/local/api-docs.ts).' }] }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'test/**/*.ts'],
    rules: {
      // A test's async server or fetch stub that throws fails the test anyway.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      // A test reads replies as the wire gives them (JSON of any shape): its assertions are the type check.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
