// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint-boundaries.js';
import typecheck from './scripts/eslint-typecheck.js';

/**
 * What one web feature may import from another (ADR 0026): only these entry points, each a door the
 * feature opens for others on purpose (paths under apps/web/src/features, without extension). Anything
 * else two features share moves to src/components or src/lib.
 */
const PUBLIC_FEATURE_ENTRIES = [
  // The sign-in / sign-up modal, loaded on demand wherever a guest must sign in (header, checkout, reviews).
  'auth/components/user-session-form-lazy',
  // The provider page starts checkout: the button and the hook that loads the checkout flow on demand.
  'checkout/components/checkout-button',
  'checkout/components/use-checkout',
  // The provider page shows and edits the vendor's reviews: the query, the delete mutation, the lazy form.
  'reviews/api/reviews-query',
  'reviews/api/use-delete-review',
  'reviews/components/review-form-lazy',
  // The setup wizard's calendar step is the scheduling page's calendar connection (and its styles).
  'scheduling-admin/components/calendar-connection',
  'scheduling-admin/scheduling-admin.css',
  // Setup's Pricing and Scheduling steps are the pricing and scheduling pages' own editors (ADR 0032), and
  // Setup's tests price the pricing page's questions.
  'pricing-admin/components/pricing-editor',
  'pricing-admin/test-fixtures',
  'scheduling-admin/components/preferences-form',
];

/** What no web file imports (the web app's no-restricted-imports options). */
const WEB_RESTRICTED_IMPORTS = {
  paths: [
    {
      name: 'react-router',
      importNames: ['Link', 'NavLink'],
      message:
        "Use components/link and components/nav-link: React Router's own weigh close to 3 kB gzipped in the landing page's first bundle (ADR 0023).",
    },
  ],
  patterns: [
    {
      group: ['@stg/server*', '**/apps/server/**'],
      message: 'The web app talks to the server over HTTP only.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.data/**',
      'apps/server/src/db/migrations/**',
      'e2e/test-results/**',
      'e2e/test-results-cluster/**',
      'e2e/playwright-report/**',
      // A test run's compiled server (test/build-setup.ts), left behind when a run is killed.
      '**/.test-build-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Type-aware lint: each file is checked with its own tsconfig (the config files outside any, alone).
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'vitest.config.ts',
            'apps/server/vitest.config.ts',
            'apps/server/vitest.fuzz.config.ts',
            'packages/domain/vitest.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { boundaries, typecheck },
    rules: {
      // Every TypeScript error of the file, from the program type-aware lint builds anyway: CI's lint is its
      // typecheck too (ADR 0030). `npm run typecheck` runs tsc alone.
      'typecheck/tsc': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Left off from recommendedTypeChecked (ADR 0026): an async function without an await is how
      // Fastify handlers and interface implementations are written here (99 findings of style).
      '@typescript-eslint/require-await': 'off',
      // `Known | string` documents the expected values of rows read from text columns (4 findings).
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          // The formula parser throws a light object of its own, always caught by parseFormula.
          allow: [{ from: 'file', name: 'FormulaSyntaxError' }],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Module boundaries (ADR 0026): a module's repo is its own, in every file of the server; others use
    // its service or its queries.ts. Tests may set up and read rows through any repo.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'boundaries/no-other-module-repo': 'error' },
  },
  {
    // Procedures read top to bottom (issue 24): no function over 200 lines outside tests.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/test-support/**', '**/test-fixtures.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 200, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Endpoints live in the contract (issue 24, ADR 0031): an API address is written once, in its endpoint
    // object. The server's own tests are exempt on purpose: they send requests to the published addresses
    // as an outside client would, so a changed address fails them (a public API change is never silent).
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'packages/domain/src/api/*.endpoints.ts',
      'apps/server/**/*.test.ts',
      'apps/server/test/**',
      'scripts/**',
    ],
    rules: { 'boundaries/no-api-path-literal': 'error' },
  },
  {
    // Module boundaries (ADR 0026): a feature imports no other feature's internals.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'boundaries/no-cross-feature-import': [
        'error',
        {
          publicEntries: PUBLIC_FEATURE_ENTRIES,
          // The vendor dashboard mounts the vendor features' pages, as app/routes.tsx mounts the others.
          routers: ['dashboard/routes/dashboard-section-page'],
        },
      ],
    },
  },
  {
    // The domain package is pure: nothing from the apps, no I/O, no clock (ARCHITECTURE §2).
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@stg/server*', '@stg/web*', '**/apps/**'],
              message: 'packages/domain imports nothing from apps.',
            },
            {
              group: [
                'node:*',
                'fs',
                'fs/*',
                'http',
                'https',
                'net',
                'child_process',
                'pg',
                'drizzle-orm*',
                '@electric-sql/*',
                'fastify*',
                'react*',
                'nodemailer',
                'sharp',
                'stripe',
              ],
              message: 'packages/domain does no I/O and stays framework-free.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'packages/domain does no I/O.' },
        { name: 'process', message: 'packages/domain does not read the environment.' },
        { name: 'localStorage', message: 'packages/domain does no I/O.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass `now` in: the domain has no clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Pass `now` in: the domain has no clock.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', WEB_RESTRICTED_IMPORTS],
    },
  },
  {
    // The chart is drawn by uPlot in a chunk of its own: pages import components/charts/chart (which loads
    // it lazily), never the chart itself or uPlot (ADR 0036).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/charts/**', 'apps/web/src/test/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...WEB_RESTRICTED_IMPORTS,
          patterns: [
            ...WEB_RESTRICTED_IMPORTS.patterns,
            {
              group: ['**/components/charts/bar-chart', 'uplot', 'uplot/*'],
              message: 'Import Chart from components/charts/chart: it loads uPlot as a chunk of its own.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@stg/web*', '**/apps/web/**'], message: 'The server does not import the web app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**', 'apps/server/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read answers with `res.json()` (typed `any` by light-my-request): the no-unsafe-* rules would
    // flag each of the ~860 reads of a field, and a wrong shape fails the test anyway. Test doubles
    // stringify what they are given, and `expect(mock.method)` passes methods unbound on purpose.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'apps/web/src/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
