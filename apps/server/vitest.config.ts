import { defineProject } from 'vitest/config';

// API tests start a real database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
