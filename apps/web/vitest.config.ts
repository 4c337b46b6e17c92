import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component tests run in jsdom through the real components, with fetch stubbed per test.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // a test that renders the whole app transforms its lazy screens on first import: on a busy 2-core machine
    // that alone can pass the default 5 s (seen in CI-like runs), so a test's own budget is 15 s
    testTimeout: 15_000,
  },
});
