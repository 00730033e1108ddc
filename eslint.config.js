// ESLint, run by `npm test` (scripts/test.mjs). Rules that catch defects, not style (formatting is the
// editor's): ESLint's recommended correctness rules, and type-aware checks on promises (one nobody
// awaits, or one passed where a boolean or a plain callback is expected) and on unused code.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layers of functions/, each importing only those below it (docs/conventions.md, "Layers"):
 * functions/lib (platform clients and config) < functions/data (the table) < the HTTP chain
 * (functions/http, with the route table functions/routes.ts) < the handlers and their helpers. Tests
 * may cross layers to test them together. functions/layers.test.ts proves each rule refuses.
 */
const upward = (message, ...regexes) => ({ 'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }] });
const LAYERS = [
  {
    files: ['functions/lib/**/*.ts'],
    // Stands in for scripts/openapi/document.ts until it imports functions/http/http (scripts/layers/move.mjs).
    ignores: ['functions/lib/http.ts'],
    rules: upward('functions/lib is the lowest layer: it imports lib, shared and packages only.', '^#http/', '^\\.\\./(?!\\.\\./shared/)'),
  },
  {
    files: ['functions/data/**/*.ts'],
    rules: upward('functions/data imports lib, shared and data only: not the HTTP chain, the route table or handlers.', '^#http/', '^\\.\\./(?!lib/|\\.\\./shared/)'),
  },
  {
    files: ['functions/http/**/*.ts'],
    rules: upward('The HTTP chain imports lib, data, the route table and shared only: never a handler.', '^\\.\\./(?!lib/|data/|routes$|\\.\\./shared/)'),
  },
  {
    files: ['functions/routes.ts'],
    rules: upward('The route table names handlers by path; it imports lib, data and shared only.', '^\\./(?!lib/|data/|http/)'),
  },
].map((layer) => ({ ...layer, ignores: ['**/*.test.ts', ...(layer.ignores ?? [])] }));

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'cdk.out/', '.cache/', '.data/', 'coverage/', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.eslintRecommended],
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
    },
  },
  {
    // The rules of hooks, and effects that name every value they read (a stale closure is a defect).
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
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
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-bootstrap/Modal', message: "Import Modal from web/src/components/modal: it keeps Tab inside the dialog." }] }],
    },
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
    // A test's async server or fetch stub that throws fails the test anyway.
    files: ['**/*.test.{ts,tsx}', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }] },
  },
);
