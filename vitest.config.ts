import { defineConfig } from 'vitest/config';

// Every unit, component and API test in one run. Browser journeys live in e2e/ (own config).
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'packages/contracts',
      'packages/weather',
      'apps/server',
      'apps/web',
      'bench',
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**'],
      exclude: ['**/*.test.ts', '**/index.ts'],
    },
  },
});
