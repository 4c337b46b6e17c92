// Preloaded into the product by `bench soak` (NODE_OPTIONS=--import=...): appends the process's own memory figures
// (process.memoryUsage(): rss, heapUsed, heapTotal, external, arrayBuffers; and each V8 heap space's resident
// bytes) as one JSON line to the file named by SOAK_PROBE_FILE every SOAK_PROBE_MS. The product's code is not changed and nothing listens on a port; the timer
// is unref'd so it never keeps the process alive.
import { appendFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.SOAK_PROBE_FILE;
const everyMs = Number(process.env.SOAK_PROBE_MS ?? 10_000);
// NODE_OPTIONS is inherited by any child the product starts: only the first process writes
delete process.env.NODE_OPTIONS;
if (file) {
  const sample = () => {
    const m = process.memoryUsage();
    // what each V8 space holds in memory (the young generation is new_space), to tell live objects from reserve
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]),
    );
    appendFileSync(
      file,
      `${JSON.stringify({ at: Date.now(), pid: process.pid, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers, spaces })}\n`,
    );
  };
  setInterval(sample, everyMs).unref();
}
