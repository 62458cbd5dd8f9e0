import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const webFeatures = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
const dashboardFeaturesDir = new URL('./apps/dashboard/src/features/', import.meta.url);
const dashboardFeatures = existsSync(dashboardFeaturesDir) ? readdirSync(dashboardFeaturesDir) : [];
const serverSrcDir = new URL('./apps/server/src/', import.meta.url);
const serverSrc = existsSync(serverSrcDir) ? readdirSync(serverSrcDir) : [];
const serverModulesDir = new URL('./apps/server/src/modules/', import.meta.url);
const serverModules = existsSync(serverModulesDir)
  ? readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** The one-way imports of docs/style.md#one-way-imports for a React app: app → features → shared; features never import each other. */
function oneWayZones(appDir, features) {
  return [
    ...features.map((feature) => ({
      target: `./${appDir}/src/features/${feature}`,
      from: `./${appDir}/src/features`,
      except: [`./${feature}`],
      message: 'Features never import each other: compose them in app/.',
    })),
    ...['components', 'lib', 'hooks', 'config'].map((shared) => ({
      target: `./${appDir}/src/${shared}`,
      from: [`./${appDir}/src/features`, `./${appDir}/src/app`],
      message: 'Shared code never imports features or the app shell.',
    })),
  ];
}

/**
 * One public face per server module: from anywhere outside a module (another module, app wiring,
 * the CLI, seeds, shared test helpers) only its index.ts may be imported. Inside a module, its own
 * files, tests included, import each other freely.
 */
function moduleFaceZones(srcDir, modules, topLevel) {
  const from = `./${srcDir}/modules`;
  const faces = modules.map((name) => `./${name}/index.ts`);
  const message = 'Import a server module through its index.ts, not its files: export what you need from there.';
  return [
    ...modules.map((name) => ({ target: `${from}/${name}`, from, except: [`./${name}`, ...faces], message })),
    // auth builds on users (accounts, the user view); users is handed what it needs of sessions as
    // functions (services.ts), so the two never import each other. Type imports count too.
    {
      target: `${from}/users`,
      from: `${from}/auth`,
      message: 'users never imports auth: take the session operation as a function (services.ts passes it).',
    },
    {
      target: topLevel.filter((name) => name !== 'modules').map((name) => `./${srcDir}/${name}`),
      from,
      except: faces,
      message,
    },
  ];
}

const WEB_IMPORT_PATTERNS = [
  { group: ['@shopper/server', '**/apps/server/**'], message: 'The web app never imports the server.' },
  { group: ['@shopper/dashboard', '**/apps/dashboard/**'], message: 'The shop never imports the back office.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['apps/server/build.mjs', 'apps/web/scripts/*.mjs', 'apps/web/public/*.js', 'e2e/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and handlers are async by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use an `as const` array (docs/style.md#naming).' },
      ],
    },
  },
  {
    // Tests read untyped JSON answers on purpose; the assertions are their type check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The contract describes the wire: it may import zod and nothing else (docs/style.md#one-way-imports).
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|vitest$|\\.)', message: 'packages/contract imports only zod.' }] },
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
            {
              group: ['@shopper/web', '@shopper/dashboard', '**/apps/web/**', '**/apps/dashboard/**'],
              message: 'The server never imports the web apps.',
            },
          ],
        },
      ],
      'no-restricted-properties': 'off',
      'import/no-restricted-paths': ['error', { zones: moduleFaceZones('apps/server/src', serverModules, serverSrc) }],
    },
  },
  {
    // process.env is read only in config.ts (docs/style.md#configuration) and by the tracing preload, which runs
    // before any of the server is imported; tests and the test setup pick the database.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/config.ts',
      'apps/server/src/telemetry/tracing-preload.ts',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in config.ts.' },
      ],
    },
  },
  {
    // Files the storefront serves as they are: classic scripts for the browser (decision 032).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }],
      // One-way imports (docs/style.md#one-way-imports): app → features → shared; features never import each other.
      'import/no-restricted-paths': [
        'error',
        {
          zones: oneWayZones('apps/web', webFeatures),
        },
      ],
    },
  },
  {
    // The storefront's first paint (shell, shared code, home page) takes the contract's values from
    // its zod-free subpath: the schemas load with the first API answer (docs/decisions/026).
    files: [
      'apps/web/src/{app,components,hooks,lib,config}/**/*.{ts,tsx}',
      'apps/web/src/main.tsx',
      'apps/web/src/features/home/**/*.{ts,tsx}',
    ],
    ignores: ['apps/web/src/lib/contract-schemas.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: WEB_IMPORT_PATTERNS,
          paths: [
            {
              name: '@shopper/contract',
              allowTypeImports: true,
              message: "Values come from '@shopper/contract/plain' (no zod); schemas through lib/contract-schemas.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // The back office (decision 020): its own app, importing the contract and nothing of the others.
    files: ['apps/dashboard/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@shopper/server', '@shopper/web', '**/apps/server/**', '**/apps/web/**'],
              message: 'The back office imports only the contract.',
            },
          ],
        },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          zones: oneWayZones('apps/dashboard', dashboardFeatures),
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@shopper/server', '@shopper/web', '**/apps/**'], message: 'e2e imports only the contract.' },
          ],
        },
      ],
    },
  },
);
