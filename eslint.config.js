// Lint rules for the console, the sandbox, the e2e specs and the benchmarks, including DESIGN.md's import boundaries.
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const tsFiles = ['**/*.{ts,tsx,mts,cts}'];
const consoleFiles = ['src/**/*.{ts,tsx}'];

/** Shorthand for an element selector by type. */
const to = (...types) => ({ to: { element: { types: { anyOf: types } } } });

export default defineConfig([
  globalIgnores([
    'dist/',
    '.e2e-dist-*/',
    'build/',
    'node_modules/',
    'test-results/',
    'test-results-*/',
    'playwright-report-*/',
    'playwright-report/',
    'check-bank-report/',
    'check-bank-results/',
    'data/',
    'coverage/',
    'bench/results/',
  ]),

  js.configs.recommended,
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  // Plain JS only appears as Node-side config files.
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },

  // TypeScript, type-aware: one project service over tsconfig.json.
  {
    files: tsFiles,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },

  // React and Query rules stay in src/, so Playwright's `use` fixture callback is not mistaken for React's `use` hook.
  {
    files: consoleFiles,
    extends: [reactHooks.configs.flat.recommended, pluginQuery.configs['flat/recommended']],
  },

  // A page names itself with DocumentTitle: the console ships on preact/compat, which leaves a <title> in the body.
  {
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='title']",
          message: 'Use DocumentTitle (components/ui): preact/compat renders <title> in the page, not in the head.',
        },
      ],
    },
  },

  // Accessibility of the console's markup (labels, roles, keyboard use), checked as it is written.
  {
    files: ['src/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A scrollable region is focusable so that keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], allowExpressionValues: true }],
      // A choice's label text may sit in a span beside its hint, one level deeper than the rule looks by default.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },

  // No production function longer than 150 lines in the console or the server (tests' describe blocks excepted).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'server/testing/**', 'server/sandbox/testing/**', 'src/testing/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, IIFEs: true }] },
  },

  // The server's tests share one module graph per worker (vitest.config.ts): none may mock a module, a global, the
  // environment or the timers, which the next file in the worker would see.
  {
    files: ['server/**/*.test.ts', 'e2e/check-bank/*.unit.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'The server tests share modules per worker: pass a dependency (a clock, a config) instead.',
        })),
      ],
    },
  },

  // The sandbox's layers (docs/architecture.md): routes → http → domain → rules → store, each calling only the ones below
  // it. The domain returns facts and throws BankError; http renders them.
  {
    files: ['server/sandbox/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'server/sandbox/domain',
              from: ['server/sandbox/routes', 'server/sandbox/http', 'server/sandbox/pages'],
              message: 'The domain returns facts; routes and http render them.',
            },
            {
              target: 'server/sandbox/rules',
              from: ['server/sandbox/routes', 'server/sandbox/http', 'server/sandbox/pages', 'server/sandbox/domain'],
              message: 'Rules are pure: they know nothing of HTTP or the domain’s orchestration.',
            },
            {
              target: 'server/sandbox/store',
              from: ['server/sandbox/routes', 'server/sandbox/http', 'server/sandbox/pages', 'server/sandbox/domain'],
              message: 'The store returns rows; it knows nothing of HTTP or the domain.',
            },
          ],
        },
      ],
    },
  },

  // Architecture boundaries (DESIGN.md). Imports inside one element are always allowed; a feature is one folder of
  // src/features, so features may not reach into each other.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'boundaries/legacy-templates': false,
      'boundaries/elements': [
        { type: 'xs2a', pattern: 'src/xs2a', partialMatch: false },
        { type: 'api', pattern: 'src/api', partialMatch: false },
        { type: 'flows', pattern: 'src/flows', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'ui', pattern: 'src/components', partialMatch: false },
        { type: 'testing', pattern: 'src/testing', partialMatch: false },
        { type: 'app', pattern: 'src/app', partialMatch: false },
        // The server's test kits (a sandbox per test, its calls and checks, a test PKI): beside the code they test, never
        // part of it.
        { type: 'server-testing', pattern: 'server/testing', partialMatch: false },
        { type: 'server-testing', pattern: 'server/sandbox/testing', partialMatch: false },
        { type: 'server', pattern: 'server', partialMatch: false },
        { type: 'e2e', pattern: 'e2e', partialMatch: false },
        { type: 'bench', pattern: 'bench', partialMatch: false },
      ],
      // The entry module and the global stylesheet sit beside the element folders and belong to the app shell.
      'boundaries/files': [
        { category: 'shell', pattern: ['src/main.tsx', 'src/*.css'] },
        { category: 'test', pattern: ['src/**/*.test.{ts,tsx}'] },
        { category: 'server-test', pattern: ['server/**/*.test.ts'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkUnknownLocals: true,
          policies: [
            { from: { element: { type: 'server' } }, allow: to('xs2a', 'server') },
            // Only the server's tests, the e2e suite and the benchmarks use its test kits.
            { from: { file: { categories: 'server-test' } }, allow: to('server-testing') },
            { from: { element: { type: 'server-testing' } }, allow: to('xs2a', 'server', 'server-testing') },
            { from: { element: { type: 'api' } }, allow: to('xs2a') },
            { from: { element: { type: 'ui' } }, allow: to('ui', 'xs2a') },
            // Flows are the pieces payments and consents share (SCA, the body editor, histories): a layer below the
            // features, above the API.
            { from: { element: { type: 'flows' } }, allow: to('api', 'ui', 'xs2a') },
            { from: { element: { type: 'feature' } }, allow: to('flows', 'api', 'ui', 'xs2a') },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } },
              },
            },
            { from: { element: { type: 'app' } }, allow: to('xs2a', 'api', 'flows', 'feature', 'ui', 'app') },
            { from: { element: { type: 'app' } }, allow: { to: { file: { categories: 'shell' } } } },
            { from: { file: { categories: 'shell' } }, allow: to('xs2a', 'api', 'flows', 'feature', 'ui', 'app') },
            { from: { file: { categories: 'shell' } }, allow: { to: { file: { categories: 'shell' } } } },
            // The console's test kit (the HTTP stub, rendering a page): for tests only, so production code never bundles it.
            { from: { file: { categories: 'test' } }, allow: to('testing') },
            { from: { element: { type: 'testing' } }, allow: to('xs2a', 'api', 'ui') },
            { from: { element: { type: 'e2e' } }, allow: to('e2e', 'xs2a', 'server', 'server-testing') },
            { from: { element: { type: 'bench' } }, allow: to('bench', 'server', 'xs2a', 'server-testing') },
          ],
        },
      ],
    },
  },
]);
