import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/', 'public/build/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['app/**/*.tsx'],
    plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      'react/prop-types': 'off',
      'react/no-unescaped-entities': 'off',
      // A table that scrolls sideways is a labelled region keyboard users can focus to scroll.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  // Server code reaches the browser bundle unless the compiler can drop it: only loaders and actions
  // may use it, through the `~/.server` barrel (docs/architecture.md §3). A deep import would ship.
  {
    files: ['app/routes/**', 'app/root.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/.server/*', '**/.server/*'],
              message:
                "Import server code from the '~/.server' barrel, and use it in loaders and actions only.",
            },
          ],
        },
      ],
    },
  },
  // The JavaScript budget (docs/performance.md): a page that imports a value from a schema module
  // loads zod (13.9 KB gzip) with it. Pages take schemas through '~/.server' (for actions) and the
  // limits they show from '~/lib/limits'; types are free.
  {
    files: ['app/routes/**', 'app/root.tsx', 'app/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@remix-run/node',
              allowTypeImports: true,
              message:
                "A page's bundle carries an empty module for it: take data and redirect from '~/.server'.",
            },
          ],
          patterns: [
            {
              group: ['~/lib/schemas', '~/lib/bookings/schemas', '**/lib/schemas', '**/lib/bookings/schemas'],
              allowTypeImports: true,
              message:
                "Schemas load zod in the page's bundle: import them from '~/.server' for actions, limits from '~/lib/limits'.",
            },
          ],
        },
      ],
    },
  },
  // The lab's tables have one owner (app/.server/bookings/, docs/architecture.md §3): everything
  // else goes through its facade, `bookings` (bookings.admin.* for admins and the CLI), which writes
  // the audit entry in the transaction and mails after the commit. Tests, fixtures and the demo
  // seed may write rows directly.
  {
    files: ['app/.server/**', 'scripts/**', 'server/**'],
    ignores: [
      'app/.server/bookings/**',
      '**/*.test.ts',
      'scripts/seed-demo.ts',
      'scripts/demo/history.ts',
      'scripts/bench-*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/.server/bookings/**',
                './bookings/**',
                '../bookings/**',
                '!./bookings',
                '!../bookings',
              ],
              message:
                "Use the lab through its facade: import { bookings } from the bookings folder's index.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/components/**', 'app/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/.server', '~/.server/*', '**/.server', '**/.server/*'],
              message: 'Components and app/lib run in the browser too: pass server data in from a loader.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
