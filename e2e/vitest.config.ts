import { defineConfig } from 'vitest/config';

// Browser journeys: the built product runs as a real server (fresh embedded database) and Debian's
// Chromium drives it through playwright-core. One server per run, shared by the spec files.
export default defineConfig({
  test: {
    name: 'e2e',
    root: __dirname,
    include: ['specs/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
