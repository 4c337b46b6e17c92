// A journal in memory with the file journal's contract (journal.ts) but no durability: for tests and
// benchmarks that build an engine without a data directory. The product always journals to disk.
import type { Clock } from '../../platform/clock.ts';
import { JournalFullError, type Journal, type JournalEntry } from './journal.ts';

export function createMemoryJournal<T>(
  options: { name?: string; maxWaiting?: number; clock?: Clock } = {},
): Journal<T> {
  const name = options.name ?? 'memory';
  const maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
  const clock = options.clock ?? { now: () => new Date() };
  let entries: JournalEntry<T>[] = [];
  let lastSeq = 0;
  let refused = 0;
  let closed = false;
  return {
    async append(records) {
      if (closed) throw new Error(`journal ${name} is closed`);
      if (entries.length + records.length > maxWaiting) {
        refused += records.length;
        throw new JournalFullError(name, 10);
      }
      const receivedAt = clock.now();
      const firstSeq = lastSeq + 1;
      for (const record of records) {
        lastSeq += 1;
        // as the file journal offers it: read back from its JSON
        entries.push({ seq: lastSeq, receivedAt, record: JSON.parse(JSON.stringify(record)) as T });
      }
      return { firstSeq, lastSeq };
    },
    waiting(limit) {
      return limit === undefined ? entries.slice() : entries.slice(0, limit);
    },
    async ack(uptoSeq) {
      if (uptoSeq > lastSeq) throw new RangeError(`ack(${uptoSeq}): journal ${name} ends at ${lastSeq}`);
      entries = entries.filter((e) => e.seq > uptoSeq);
    },
    stats() {
      return { waiting: entries.length, oldestReceivedAt: entries[0]?.receivedAt ?? null, bytes: 0, refused };
    },
    async close() {
      closed = true;
    },
  };
}
