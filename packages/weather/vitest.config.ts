import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'weather', environment: 'node', include: ['src/**/*.test.ts'] },
});
