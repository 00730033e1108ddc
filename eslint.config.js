// ESLint, run by `npm test` (scripts/test.mjs). Type-aware rules that catch real defects (a promise
// nobody awaits, a promise where a boolean or a void callback is expected, unused code), not style:
// formatting is left to the editor.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'cdk.out/', '.cache/', '.data/', 'coverage/', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
);
