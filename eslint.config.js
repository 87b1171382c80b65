// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Where Kysely may be imported: repositories, the db/ layer and migrations. */
const KYSELY_ALLOWED = ['**/*repository.ts', 'apps/server/src/db/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      curly: ['error', 'all'],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Numbers in messages and ids in paths are the common case; objects, null and undefined
      // in a template are still errors.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` is the React idiom; void returns elsewhere still count.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // React accepts promise-returning event handlers (onSubmit={handleSubmit}); the handlers
      // catch their own errors. Promises passed where other void callbacks are expected are
      // still errors, and no-floating-promises still checks what the handlers do.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      // Off: Fastify handlers are `async` so that returning a value sends it (a sync handler
      // must call reply.send), and test doubles are `async` to stand in for async functions;
      // in this codebase an async function without await is intended, not a bug.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message:
                'Kysely belongs in *repository.ts, apps/server/src/db/ and migrations; use the db/ aliases (Executor, AppDb, AppTransaction) elsewhere.',
            },
          ],
        },
      ],
    },
  },
  {
    files: KYSELY_ALLOWED,
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Test files read JSON answers (`res.json()` is `any` in light-my-request and Playwright)
    // and assert on their fields; typing every answer would add noise and no safety, since the
    // assertions themselves check the values.
    files: ['**/test/**', '**/*.test.{ts,tsx}', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // `vi.mocked(apiClient.post)` names a mocked method without calling it, by design.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The server's test files share their worker's modules (isolate: false in
    // apps/server/vitest.config.ts), so a module replaced in one file would be replaced, or not,
    // depending on which files ran before it in that worker.
    files: ['apps/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|doUnmock|resetModules)$/]",
          message:
            "The server's test files share their modules (isolate: false): spy on an object (vi.spyOn, restored by the test) or pass a dependency instead of replacing a module.",
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
