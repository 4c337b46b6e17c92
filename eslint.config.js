// One lint setup for every room. Boundaries between rooms are enforced here (see ARCHITECTURE.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Every folder under apps/web/src/features is a feature (read here, so a new one is zoned as it lands).
const webFeatures = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// Every folder under apps/server/src/modules/api is an API module.
const apiModules = readdirSync(join(import.meta.dirname, 'apps/server/src/modules/api'), {
  withFileTypes: true,
})
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const ourPackages = ['@allclear/contracts', '@allclear/weather', '@allclear/server', '@allclear/web'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      '**/migrations/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // the house has no import circle (issue 13): a circle makes load order matter and hides which layer owns what
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // apps never reach into each other
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // packages never reach into apps
            { target: './packages', from: './apps' },
            // the server's platform is below everything: it never imports a module or the engine (its
            // tests may sign tokens with the identity module's keys)
            {
              target: './apps/server/src/platform/**/!(*.test).ts',
              from: ['./apps/server/src/modules/**', './apps/server/src/engine/**'],
              message:
                'platform is below modules and engine: the composition root (app.ts, main.ts) passes what it needs',
            },
            // only the composition root knows the whole app: nothing imports app.ts or main.ts (not even a type:
            // a route module receives the slice of the dependencies it declares, typed from platform/deps.ts)
            {
              target: './apps/server/src/{modules,engine,platform,db,geocoding}/**/!(*.test|test-*).ts',
              from: ['./apps/server/src/app.ts', './apps/server/src/main.ts'],
              message: 'import AppDeps from platform/deps.ts; app.ts composes, nothing imports it',
            },
            // an API module uses another only through that module's index.ts (its public edge)
            ...apiModules.flatMap((m) =>
              apiModules
                .filter((n) => n !== m)
                .map((n) => ({
                  target: `./apps/server/src/modules/api/${m}`,
                  from: `./apps/server/src/modules/api/${n}`,
                  except: ['./index.ts'],
                  message: `use ${n} through modules/api/${n}/index.ts`,
                })),
            ),
            // the web's shell (src/app) composes features; features, components and lib never import it
            // (tests may render the whole app)
            {
              target: './apps/web/src/{features,components,lib}/**/!(*.test).{ts,tsx}',
              from: './apps/web/src/app/**',
              message: 'src/app composes the features: share through src/lib (e.g. src/lib/session)',
            },
            // a web feature uses another feature only through its index.ts or its api/ query factories
            ...webFeatures.flatMap((f) =>
              webFeatures
                .filter((g) => g !== f)
                .map((g) => ({
                  target: `./apps/web/src/features/${f}`,
                  from: `./apps/web/src/features/${g}`,
                  except: ['./index.ts', './api', './test'],
                })),
            ),
          ],
        },
      ],
    },
  },
  {
    // domain is pure: it imports nothing of ours and does no I/O
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@allclear/*'], message: 'domain imports nothing of ours' },
            {
              group: ['node:*', 'fs', 'http', 'https', 'net', 'react', 'react-dom'],
              message: 'domain is pure: no I/O, no React',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'time is a parameter in domain' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'time is a parameter in domain: no new Date() without a value',
        },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts', 'packages/weather/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ourPackages
            .filter((p) => p !== '@allclear/contracts' && p !== '@allclear/weather')
            .map((name) => ({ name, message: 'packages do not import apps' })),
        },
      ],
    },
  },
  {
    // the server's data access: only repositories and db/ touch Drizzle and the schema (issue 13 'Layers')
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'only *.repository.ts and src/db/ query the database' }],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'only *.repository.ts and src/db/ query the database' },
            {
              group: ['**/db/schema', '**/db/schema/*', '**/db/schema/**'],
              message: 'only *.repository.ts and src/db/ read the table definitions',
            },
          ],
        },
      ],
    },
  },
  {
    // the web push service worker runs in a ServiceWorkerGlobalScope
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'maplibre-gl',
              message: 'import maplibre-gl only through src/components/map/maplibre.ts',
            },
            { name: 'echarts', message: 'import echarts only through src/components/chart/echarts.ts' },
            {
              name: 'react-map-gl',
              message: 'import react-map-gl only through src/components/map/maplibre.ts',
            },
          ],
          patterns: [
            { group: ['echarts/*'], message: 'import echarts only through src/components/chart/echarts.ts' },
            {
              group: ['react-map-gl/*', 'maplibre-gl/*'],
              message: 'import react-map-gl and maplibre-gl only through src/components/map/maplibre.ts',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/map/maplibre.ts', 'apps/web/src/components/chart/echarts.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: { 'no-restricted-properties': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
