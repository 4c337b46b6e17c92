// A crash-safe, append-only journal of JSON records (issue 21): inputs are written here before the
// database, and offered again until the consumer acknowledges them.
//
// On disk, in `dir` (one process owns a journal directory):
// - `<name>-<firstSeq>.jsonl` segments, one line per record: {"seq","receivedAt","record"}.
//   A batch goes to one segment with one write and one datasync; a new segment starts once the
//   current one holds `maxSegmentBytes`.
// - `<name>.ack`, {"ackedSeq"}: everything at or below it was applied. Replaced atomically
//   (temp file, rename, directory fsync); segments wholly at or below it are then deleted.
import { mkdir, open, readdir, readFile, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Clock } from '../../platform/clock.ts';

export interface JournalEntry<T> {
  seq: number;
  receivedAt: Date;
  record: T;
}

export interface JournalStats {
  /** Records appended and not yet acknowledged. */
  waiting: number;
  oldestReceivedAt: Date | null;
  /** Bytes of the segments on disk. */
  bytes: number;
  /** Records refused with JournalFullError since the journal was opened. */
  refused: number;
}

export interface Journal<T> {
  /** Appends a batch in order; resolves once it is durable on disk. */
  append(records: readonly T[]): Promise<{ firstSeq: number; lastSeq: number }>;
  /** The unacknowledged records, oldest first, at most `limit` of them. */
  waiting(limit?: number): JournalEntry<T>[];
  /** Marks every record up to `uptoSeq` as applied; resolves once that is durable. */
  ack(uptoSeq: number): Promise<void>;
  stats(): JournalStats;
  /** Waits for pending appends and acks, then releases the files. */
  close(): Promise<void>;
}

export interface JournalOptions {
  /** The journal's own directory, e.g. `${DATA_DIR}/journal/strikes`; created if missing. */
  dir: string;
  /** File name prefix and the name in errors: letters, digits, '-' and '_'. */
  name: string;
  /** Most records waiting (appended, not acknowledged) before appends are refused. */
  maxWaiting: number;
  /** A segment stops taking batches once it holds this many bytes (default 8 MiB). */
  maxSegmentBytes?: number;
  /** Seconds a refused caller is told to wait before retrying (default 10). */
  retryAfterSeconds?: number;
  /** Stamps `receivedAt` (default: the system clock). */
  clock?: Clock;
}

/** The journal holds `maxWaiting` records; nothing of the refused batch was written. */
export class JournalFullError extends Error {
  constructor(
    readonly journal: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`journal ${journal} is full; retry in ${retryAfterSeconds} s`);
    this.name = 'JournalFullError';
  }
}

/** A journal file does not read back as written; nothing was skipped or repaired. */
export class JournalCorruptError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    reason: string,
  ) {
    super(`journal file ${file} is corrupt at byte ${offset}: ${reason}`);
    this.name = 'JournalCorruptError';
  }
}

const DEFAULT_SEGMENT_BYTES = 8 * 1024 * 1024;
const NEWLINE = 0x0a;

interface Segment {
  path: string;
  firstSeq: number;
  /** firstSeq - 1 while empty. */
  lastSeq: number;
  bytes: number;
}

/** What openJournal recovered from disk. */
interface OpenState<T> {
  ackPath: string;
  closed: Segment[];
  /** The last segment, appended to until it is full. */
  current: { segment: Segment; handle: FileHandle } | null;
  entries: JournalEntry<T>[];
  lastSeq: number;
  ackedSeq: number;
}

interface PendingBatch {
  /** Each record as JSON text. */
  json: string[];
  receivedAt: Date;
  resolve(range: { firstSeq: number; lastSeq: number }): void;
  reject(err: unknown): void;
}

/** Opens (creating or recovering) the journal in `options.dir`. */
export async function openJournal<T>(options: JournalOptions): Promise<Journal<T>> {
  const { name, maxWaiting, maxSegmentBytes = DEFAULT_SEGMENT_BYTES } = options;
  const dir = resolve(options.dir);
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new RangeError(`journal name '${name}' is not a plain file name`);
  if (!Number.isInteger(maxWaiting) || maxWaiting < 1) {
    throw new RangeError('maxWaiting must be a positive integer');
  }
  if (!(maxSegmentBytes > 0)) throw new RangeError('maxSegmentBytes must be positive');

  const created = await mkdir(dir, { recursive: true });
  if (created !== undefined) {
    // Make the new directories' entries durable, from the first one created down to `dir`.
    for (let d = dir; d !== dirname(created); d = dirname(d)) await syncDirectory(dirname(d));
  }
  const ackPath = join(dir, `${name}.ack`);
  await rm(`${ackPath}.tmp`, { force: true });
  const ackedSeq = await readAck(ackPath);

  const segmentPattern = new RegExp(`^${name}-(\\d+)\\.jsonl$`);
  const found = (await readdir(dir))
    .map((file) => ({ file, match: segmentPattern.exec(file) }))
    .filter((f): f is { file: string; match: RegExpExecArray } => f.match !== null)
    .map((f) => ({ path: join(dir, f.file), firstSeq: Number(f.match[1]) }))
    .sort((a, b) => a.firstSeq - b.firstSeq);

  const segments: Segment[] = [];
  const waiting: JournalEntry<T>[] = [];
  for (const [i, file] of found.entries()) {
    const next = found[i + 1];
    if (next !== undefined && next.firstSeq - 1 <= ackedSeq) {
      // Every record here is acknowledged; an earlier run was stopped before deleting it.
      await unlink(file.path);
      continue;
    }
    const previous = segments.at(-1);
    if (previous === undefined && file.firstSeq > ackedSeq + 1) {
      throw new JournalCorruptError(
        file.path,
        0,
        `records ${ackedSeq + 1} to ${file.firstSeq - 1} are missing`,
      );
    }
    if (previous !== undefined && file.firstSeq !== previous.lastSeq + 1) {
      throw new JournalCorruptError(
        file.path,
        0,
        `starts at seq ${file.firstSeq}, expected ${previous.lastSeq + 1}`,
      );
    }
    const segment = await readSegment<T>(file.path, file.firstSeq, ackedSeq, waiting, next === undefined);
    segments.push(segment);
  }

  const lastOnDisk = segments.at(-1)?.lastSeq ?? 0;
  const last = segments.pop();
  const current = last === undefined ? null : { segment: last, handle: await open(last.path, 'a') };
  return new FileJournal<T>(
    { ...options, dir, maxSegmentBytes },
    {
      ackPath,
      closed: segments,
      current,
      entries: waiting,
      lastSeq: Math.max(ackedSeq, lastOnDisk),
      ackedSeq,
    },
  );
}

class FileJournal<T> implements Journal<T> {
  readonly #name: string;
  readonly #dir: string;
  readonly #ackPath: string;
  readonly #maxWaiting: number;
  readonly #maxSegmentBytes: number;
  readonly #retryAfterSeconds: number;
  readonly #clock: Clock;

  /** Closed segments, oldest first; the current one is kept apart. */
  readonly #closed: Segment[];
  #current: { segment: Segment; handle: FileHandle } | null;
  #bytes: number;

  /** Unacknowledged entries from #head on; the prefix is dropped in bulk now and then. */
  #entries: JournalEntry<T>[];
  #head = 0;
  /** The last seq that is durable on disk. */
  #lastSeq: number;

  #queue: PendingBatch[] = [];
  #queuedRecords = 0;
  #draining: Promise<void> | null = null;

  #ackTarget: number;
  #ackDurable: number;
  #ackRun: Promise<void> | null = null;

  #refused = 0;
  #closing = false;
  /** Set when a write could not be undone or a sync failed: the file state is unknown until reopened. */
  #failure: Error | null = null;

  constructor(
    options: Required<Pick<JournalOptions, 'dir' | 'maxSegmentBytes'>> & JournalOptions,
    state: OpenState<T>,
  ) {
    this.#name = options.name;
    this.#dir = options.dir;
    this.#ackPath = state.ackPath;
    this.#maxWaiting = options.maxWaiting;
    this.#maxSegmentBytes = options.maxSegmentBytes;
    this.#retryAfterSeconds = options.retryAfterSeconds ?? 10;
    this.#clock = options.clock ?? { now: () => new Date() };
    this.#closed = state.closed;
    this.#current = state.current;
    this.#bytes = [...state.closed, ...(state.current ? [state.current.segment] : [])].reduce(
      (sum, s) => sum + s.bytes,
      0,
    );
    this.#entries = state.entries;
    this.#lastSeq = state.lastSeq;
    this.#ackTarget = state.ackedSeq;
    this.#ackDurable = state.ackedSeq;
  }

  append(records: readonly T[]): Promise<{ firstSeq: number; lastSeq: number }> {
    if (this.#closing) return Promise.reject(new Error(`journal ${this.#name} is closed`));
    if (this.#failure) return Promise.reject(this.#failure);
    if (records.length === 0) return Promise.resolve({ firstSeq: this.#lastSeq + 1, lastSeq: this.#lastSeq });
    if (this.#waitingCount() + this.#queuedRecords + records.length > this.#maxWaiting) {
      this.#refused += records.length;
      return Promise.reject(new JournalFullError(this.#name, this.#retryAfterSeconds));
    }
    const json: string[] = [];
    for (const record of records) {
      const text = JSON.stringify(record) as string | undefined;
      if (text === undefined)
        return Promise.reject(new TypeError(`journal ${this.#name}: a record is not JSON`));
      json.push(text);
    }
    const receivedAt = this.#clock.now();
    return new Promise((resolve, reject) => {
      this.#queue.push({ json, receivedAt, resolve, reject });
      this.#queuedRecords += json.length;
      this.#draining ??= this.#drain();
    });
  }

  /** Writes queued batches; batches that queue during a write share the next one (group commit). */
  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const group = this.#queue.splice(0);
      await this.#writeGroup(group);
    }
    // Cleared in the same turn as the empty check, so an append right after starts a new drain.
    this.#draining = null;
  }

  async #writeGroup(group: PendingBatch[]): Promise<void> {
    const count = group.reduce((sum, b) => sum + b.json.length, 0);
    const fail = (err: unknown) => {
      this.#queuedRecords -= count;
      for (const batch of group) batch.reject(err);
    };
    if (this.#failure) return fail(this.#failure);

    let current: { segment: Segment; handle: FileHandle };
    try {
      current = await this.#segmentForWrite();
    } catch (err) {
      return fail(err);
    }

    let seq = this.#lastSeq;
    let text = '';
    const written: JournalEntry<T>[] = [];
    const ranges: { firstSeq: number; lastSeq: number }[] = [];
    for (const batch of group) {
      const firstSeq = seq + 1;
      const stamp = JSON.stringify(batch.receivedAt.toISOString());
      for (const json of batch.json) {
        seq += 1;
        text += `{"seq":${seq},"receivedAt":${stamp},"record":${json}}\n`;
        // Parsed back from its JSON so a record reads the same before and after a restart.
        written.push({ seq, receivedAt: batch.receivedAt, record: JSON.parse(json) as T });
      }
      ranges.push({ firstSeq, lastSeq: seq });
    }
    const data = Buffer.from(text, 'utf8');

    const before = current.segment.bytes;
    try {
      await writeAll(current.handle, data);
    } catch (err) {
      try {
        await current.handle.truncate(before);
      } catch (undo) {
        this.#fail(`could not undo a failed write to ${current.segment.path}`, undo);
      }
      return fail(err);
    }
    try {
      await current.handle.datasync();
    } catch (err) {
      // After a failed fsync the kernel may have dropped the dirty pages: trust nothing written.
      this.#fail(`datasync of ${current.segment.path} failed`, err);
      return fail(this.#failure);
    }

    current.segment.bytes += data.length;
    current.segment.lastSeq = seq;
    this.#bytes += data.length;
    this.#lastSeq = seq;
    this.#entries.push(...written);
    this.#queuedRecords -= count;
    group.forEach((batch, i) => batch.resolve(ranges[i]!));
  }

  /** The segment to write to, starting a new one when the current one is full. */
  async #segmentForWrite(): Promise<{ segment: Segment; handle: FileHandle }> {
    const current = this.#current;
    if (current !== null && current.segment.bytes < this.#maxSegmentBytes) return current;

    const firstSeq = this.#lastSeq + 1;
    const path = join(this.#dir, `${this.#name}-${String(firstSeq).padStart(12, '0')}.jsonl`);
    const handle = await open(path, 'a');
    try {
      await syncDirectory(this.#dir);
    } catch (err) {
      await handle.close();
      throw err;
    }
    const next = { segment: { path, firstSeq, lastSeq: firstSeq - 1, bytes: 0 }, handle };
    if (current !== null) {
      this.#closed.push(current.segment);
      await current.handle.close();
    }
    this.#current = next;
    // The segment just closed may already be wholly acknowledged; a failure here is retried at the next ack.
    await this.#deleteAckedSegments(this.#ackDurable).catch(() => undefined);
    return next;
  }

  #fail(message: string, cause: unknown): void {
    this.#failure ??= new Error(`journal ${this.#name}: ${message}; reopen the journal to recover`, {
      cause,
    });
  }

  #waitingCount(): number {
    return this.#entries.length - this.#head;
  }

  waiting(limit?: number): JournalEntry<T>[] {
    const end =
      limit === undefined ? this.#entries.length : Math.min(this.#entries.length, this.#head + limit);
    return this.#entries.slice(this.#head, end);
  }

  ack(uptoSeq: number): Promise<void> {
    if (this.#closing) return Promise.reject(new Error(`journal ${this.#name} is closed`));
    if (!Number.isInteger(uptoSeq))
      return Promise.reject(new RangeError(`ack(${uptoSeq}): not a sequence number`));
    if (uptoSeq > this.#lastSeq) {
      return Promise.reject(
        new RangeError(`ack(${uptoSeq}): journal ${this.#name} ends at ${this.#lastSeq}`),
      );
    }
    if (uptoSeq > this.#ackTarget) {
      this.#ackTarget = uptoSeq;
      while (this.#head < this.#entries.length && this.#entries[this.#head]!.seq <= uptoSeq) this.#head += 1;
      if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
        this.#entries = this.#entries.slice(this.#head);
        this.#head = 0;
      }
    }
    if (uptoSeq <= this.#ackDurable) return Promise.resolve();
    this.#ackRun ??= this.#persistAcks();
    return this.#ackRun;
  }

  /** Persists the latest ack target until it is durable; acks arriving meanwhile share a round. */
  async #persistAcks(): Promise<void> {
    try {
      while (this.#ackDurable < this.#ackTarget) {
        const target = this.#ackTarget;
        await writeFileAtomically(this.#ackPath, JSON.stringify({ ackedSeq: target }) + '\n', this.#dir);
        this.#ackDurable = target;
        await this.#deleteAckedSegments(target);
      }
    } finally {
      // Same turn as the loop's last check: a later ack starts a new round.
      this.#ackRun = null;
    }
  }

  /** Deletes closed segments whose records are all at or below `ackedSeq` (already durable). */
  async #deleteAckedSegments(ackedSeq: number): Promise<void> {
    while (this.#closed.length > 0 && this.#closed[0]!.lastSeq <= ackedSeq) {
      // Taken off the list before the await, so a concurrent call does not delete it twice.
      const segment = this.#closed.shift()!;
      try {
        await unlink(segment.path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
          this.#closed.unshift(segment);
          throw err;
        }
      }
      this.#bytes -= segment.bytes;
    }
  }

  stats(): JournalStats {
    return {
      waiting: this.#waitingCount(),
      oldestReceivedAt: this.#entries[this.#head]?.receivedAt ?? null,
      bytes: this.#bytes,
      refused: this.#refused,
    };
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.#draining;
    await this.#ackRun?.catch(() => undefined);
    const current = this.#current;
    this.#current = null;
    await current?.handle.close();
  }
}

/** Reads one segment, adding its unacknowledged entries to `into`; a torn last line is cut off. */
async function readSegment<T>(
  path: string,
  firstSeq: number,
  ackedSeq: number,
  into: JournalEntry<T>[],
  isLast: boolean,
): Promise<Segment> {
  const data = await readFile(path);
  const end = data.lastIndexOf(NEWLINE) + 1;
  if (end < data.length) {
    // Bytes after the last newline are a write the process did not finish (killed mid-write).
    if (!isLast)
      throw new JournalCorruptError(path, end, 'unterminated line in a segment that is not the last');
    const handle = await open(path, 'r+');
    try {
      await handle.truncate(end);
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  let seq = firstSeq - 1;
  let offset = 0;
  while (offset < end) {
    const lineEnd = data.indexOf(NEWLINE, offset);
    const entry = parseLine(data.toString('utf8', offset, lineEnd));
    if (typeof entry === 'string') throw new JournalCorruptError(path, offset, entry);
    if (entry.seq !== seq + 1)
      throw new JournalCorruptError(path, offset, `seq ${entry.seq}, expected ${seq + 1}`);
    seq = entry.seq;
    if (seq > ackedSeq) into.push({ seq, receivedAt: entry.receivedAt, record: entry.record as T });
    offset = lineEnd + 1;
  }
  return { path, firstSeq, lastSeq: seq, bytes: end };
}

/** The entry on a line, or why it is not one. */
function parseLine(line: string): { seq: number; receivedAt: Date; record: unknown } | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not JSON';
  }
  if (typeof value !== 'object' || value === null) return 'not a journal entry';
  const { seq, receivedAt, record } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(seq)) return 'no seq';
  const at = typeof receivedAt === 'string' ? new Date(receivedAt) : null;
  if (at === null || Number.isNaN(at.getTime())) return 'no receivedAt';
  if (record === undefined) return 'no record';
  return { seq: seq as number, receivedAt: at, record };
}

async function readAck(path: string): Promise<number> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let ackedSeq: unknown;
  try {
    ackedSeq = (JSON.parse(text) as { ackedSeq?: unknown }).ackedSeq;
  } catch {
    ackedSeq = undefined;
  }
  if (!Number.isSafeInteger(ackedSeq) || (ackedSeq as number) < 0)
    throw new JournalCorruptError(path, 0, 'no ackedSeq');
  return ackedSeq as number;
}

async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await handle.write(data, done, data.length - done);
    done += bytesWritten;
  }
}

/** Replaces `path` so that a crash leaves either the old or the new content. */
async function writeFileAtomically(path: string, content: string, dir: string): Promise<void> {
  const tmp = `${path}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await writeAll(handle, Buffer.from(content, 'utf8'));
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(tmp, path);
  await syncDirectory(dir);
}

/** Makes a directory's entries (created, renamed files) durable. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
