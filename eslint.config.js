import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noServer = {
  group: ['**/server/**', '../server/*'],
  message: 'src/web and src/shared must not import src/server.',
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // One job per room (decision 0190): a source file holds one job, so none grows past 300 lines,
    // counted as `wc -l` counts them (blank lines and comments included). Tests are not source.
    files: ['src/**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // A commit wakes the live hub and the outbox by itself (db/commit-wakes.ts, decision 0186):
    // nothing outside them pokes, so nothing can forget to.
    files: ['src/server/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'src/server/live/**',
      'src/server/messages/outbox-sender.ts',
      'src/server/plugins/outbox.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='poke']",
          message:
            'Log the change (logChange) or queue the message (queueMessages) in the transaction: its commit wakes the live hub and the outbox (db/commit-wakes.ts).',
        },
      ],
    },
  },
  {
    // The check-in screen's service worker runs in the worker's own global scope.
    files: ['src/web/**/*-worker.template.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The browser and the shared code never reach into the server.
    files: ['src/web/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noServer],
        },
      ],
    },
  },
  {
    // One direction (bulletproof-react): the app composes the features, a feature never reaches
    // back into the app. (The rule's patterns replace the ones above for these files.)
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              group: ['@/app/*', '**/web/app/*', '../../app/*'],
              message: 'Features import nothing from src/web/app/ (shared code → features → app).',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code runs on both sides: it imports neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '@/*'],
              message: 'src/shared imports neither side.',
            },
          ],
        },
      ],
    },
  },
);
