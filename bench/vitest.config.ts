import { defineProject } from 'vitest/config';

// The benchmarks' own arithmetic (how a figure is worked out from its runs); the benchmarks run with `npm run bench`.
export default defineProject({
  test: { name: 'bench', environment: 'node', include: ['*.test.ts'] },
});
