import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { JournalCorruptError, JournalFullError, openJournal, type Journal } from './journal.ts';

interface Rec {
  id: string;
}

let dir: string;
const opened: Journal<Rec>[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'journal-test-'));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((j) => j.close().catch(() => undefined)));
  await rm(dir, { recursive: true, force: true });
});

async function journal(options: { maxWaiting?: number; maxSegmentBytes?: number; clock?: ManualClock } = {}) {
  const j = await openJournal<Rec>({ dir, name: 'strikes', maxWaiting: 1000, ...options });
  opened.push(j);
  return j;
}

const recs = (from: number, count: number): Rec[] =>
  Array.from({ length: count }, (_, i) => ({ id: `s${from + i}` }));
const seqs = (j: Journal<Rec>) => j.waiting().map((e) => e.seq);
const ids = (j: Journal<Rec>) => j.waiting().map((e) => e.record.id);
const segmentFiles = async () => (await readdir(dir)).filter((f) => f.endsWith('.jsonl')).sort();
const onlySegment = async () => {
  const files = await segmentFiles();
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
};

describe('journal: order and sequence', () => {
  it('numbers records from 1 in order across batches, with the time each batch was received', async () => {
    const clock = new ManualClock('2026-07-01T17:00:00Z');
    const j = await journal({ clock });
    expect(await j.append(recs(1, 3))).toEqual({ firstSeq: 1, lastSeq: 3 });
    clock.advance(60_000);
    expect(await j.append(recs(4, 2))).toEqual({ firstSeq: 4, lastSeq: 5 });

    expect(j.waiting()).toEqual([
      { seq: 1, receivedAt: new Date('2026-07-01T17:00:00Z'), record: { id: 's1' } },
      { seq: 2, receivedAt: new Date('2026-07-01T17:00:00Z'), record: { id: 's2' } },
      { seq: 3, receivedAt: new Date('2026-07-01T17:00:00Z'), record: { id: 's3' } },
      { seq: 4, receivedAt: new Date('2026-07-01T17:01:00Z'), record: { id: 's4' } },
      { seq: 5, receivedAt: new Date('2026-07-01T17:01:00Z'), record: { id: 's5' } },
    ]);
    expect(j.waiting(2).map((e) => e.seq)).toEqual([1, 2]);
    expect(j.stats()).toMatchObject({ waiting: 5, oldestReceivedAt: new Date('2026-07-01T17:00:00Z') });
  });

  it('keeps call order for appends made without waiting for each other', async () => {
    const j = await journal();
    const ranges = await Promise.all(Array.from({ length: 12 }, (_, b) => j.append(recs(b * 5 + 1, 5))));
    expect(ranges).toEqual(
      Array.from({ length: 12 }, (_, b) => ({ firstSeq: b * 5 + 1, lastSeq: b * 5 + 5 })),
    );
    expect(ids(j)).toEqual(recs(1, 60).map((r) => r.id));
    expect(seqs(j)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('offers a record as JSON reads it back, the same before and after a restart', async () => {
    const j = await journal();
    const record = { id: 's1', at: new Date('2026-07-01T17:00:00Z') } as unknown as Rec;
    await j.append([record]);
    (record as { id: string }).id = 'changed after append';
    const before = j.waiting();
    await j.close();
    const reopened = await journal();
    expect(before).toEqual([
      expect.objectContaining({ record: { id: 's1', at: '2026-07-01T17:00:00.000Z' } }),
    ]);
    expect(reopened.waiting()).toEqual(before);
  });
});

describe('journal: reopen', () => {
  it('offers again exactly what was not acknowledged, and continues the sequence', async () => {
    const j = await journal();
    await j.append(recs(1, 4));
    await j.append(recs(5, 4));
    await j.ack(6);
    await j.close();

    const reopened = await journal();
    expect(seqs(reopened)).toEqual([7, 8]);
    expect(ids(reopened)).toEqual(['s7', 's8']);
    expect(await reopened.append(recs(9, 2))).toEqual({ firstSeq: 9, lastSeq: 10 });
    expect(seqs(reopened)).toEqual([7, 8, 9, 10]);
  });

  it('continues the sequence after everything was acknowledged', async () => {
    const j = await journal({ maxSegmentBytes: 1 });
    await j.append(recs(1, 3));
    await j.append(recs(4, 3));
    await j.ack(6);
    await j.close();

    const reopened = await journal({ maxSegmentBytes: 1 });
    expect(reopened.waiting()).toEqual([]);
    expect(await reopened.append(recs(7, 1))).toEqual({ firstSeq: 7, lastSeq: 7 });
  });

  it('refuses to use a journal after close', async () => {
    const j = await journal();
    await j.close();
    await expect(j.append(recs(1, 1))).rejects.toThrow(/closed/);
  });

  it('finishes appends already made before close resolves', async () => {
    const j = await journal();
    const pending = j.append(recs(1, 5));
    await j.close();
    expect(await pending).toEqual({ firstSeq: 1, lastSeq: 5 });
    expect(seqs(await journal())).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('journal: acknowledgement and segments', () => {
  it('persists an ack, so a restart does not offer the applied records again', async () => {
    const j = await journal();
    await j.append(recs(1, 5));
    await j.ack(3);
    expect(seqs(j)).toEqual([4, 5]);
    expect(JSON.parse(await readFile(join(dir, 'strikes.ack'), 'utf8'))).toEqual({ ackedSeq: 3 });
    await j.close();
    expect(seqs(await journal())).toEqual([4, 5]);
  });

  it('refuses an ack beyond the last appended record', async () => {
    const j = await journal();
    await j.append(recs(1, 2));
    await expect(j.ack(3)).rejects.toThrow(RangeError);
    expect(seqs(j)).toEqual([1, 2]);
  });

  it('starts a new segment once one holds maxSegmentBytes, and deletes segments wholly acknowledged', async () => {
    const j = await journal({ maxSegmentBytes: 150 });
    for (let b = 0; b < 6; b += 1) await j.append(recs(b * 2 + 1, 2)); // about 140 bytes a batch
    expect(await segmentFiles()).toEqual([
      'strikes-000000000001.jsonl',
      'strikes-000000000005.jsonl',
      'strikes-000000000009.jsonl',
    ]);
    const bytesOnDisk = async () =>
      (await Promise.all((await segmentFiles()).map((f) => stat(join(dir, f))))).reduce(
        (s, f) => s + f.size,
        0,
      );
    expect(j.stats().bytes).toBe(await bytesOnDisk());

    await j.ack(5); // the second segment still holds seq 6
    expect(await segmentFiles()).toEqual(['strikes-000000000005.jsonl', 'strikes-000000000009.jsonl']);
    await j.ack(12); // the current segment stays, to be appended to
    expect(await segmentFiles()).toEqual(['strikes-000000000009.jsonl']);
    expect(j.stats()).toMatchObject({ waiting: 0, oldestReceivedAt: null, bytes: await bytesOnDisk() });

    await j.append(recs(13, 2)); // the full, acknowledged segment is closed and deleted
    expect(await segmentFiles()).toEqual(['strikes-000000000013.jsonl']);
    await j.close();
    expect(seqs(await journal({ maxSegmentBytes: 150 }))).toEqual([13, 14]);
  });

  it('deletes at open a segment an earlier run acknowledged but did not delete', async () => {
    const j = await journal({ maxSegmentBytes: 1 });
    await j.append(recs(1, 2));
    await j.append(recs(3, 2));
    await j.close();
    await writeFile(join(dir, 'strikes.ack'), JSON.stringify({ ackedSeq: 2 }));

    const reopened = await journal({ maxSegmentBytes: 1 });
    expect(await segmentFiles()).toEqual(['strikes-000000000003.jsonl']);
    expect(seqs(reopened)).toEqual([3, 4]);
  });
});

describe('journal: recovery', () => {
  it('cuts off a torn last line and appends cleanly after it', async () => {
    const j = await journal();
    await j.append(recs(1, 3));
    await j.close();
    const path = await onlySegment();
    const intact = (await stat(path)).size;
    await appendFile(path, '{"seq":4,"receivedAt":"2026-07-01T17:0');

    const reopened = await journal();
    expect(seqs(reopened)).toEqual([1, 2, 3]);
    expect((await stat(path)).size).toBe(intact);
    expect(await reopened.append(recs(4, 2))).toEqual({ firstSeq: 4, lastSeq: 5 });
    await reopened.close();
    expect(ids(await journal())).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('fails loudly on a corrupt line in the middle, naming the file and the byte offset', async () => {
    const j = await journal();
    await j.append(recs(1, 3));
    await j.close();
    const path = await onlySegment();
    const lines = (await readFile(path, 'utf8')).split('\n');
    const offset = Buffer.byteLength(lines[0]!) + 1;
    lines[1] = lines[1]!.replace('"record"', '"rec#rd"').replace('{', '[');
    await writeFile(path, lines.join('\n'));

    const error = await openJournal<Rec>({ dir, name: 'strikes', maxWaiting: 1000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalCorruptError);
    expect(error).toMatchObject({ file: path, offset });
    expect((error as Error).message).toContain(`${path} is corrupt at byte ${offset}`);
  });

  it('fails loudly on a line that parses but breaks the sequence', async () => {
    const j = await journal();
    await j.append(recs(1, 3));
    await j.close();
    const path = await onlySegment();
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines[1] = lines[1]!.replace('"seq":2', '"seq":7');
    await writeFile(path, lines.join('\n'));

    await expect(openJournal<Rec>({ dir, name: 'strikes', maxWaiting: 1000 })).rejects.toThrow(
      `${path} is corrupt at byte ${Buffer.byteLength(lines[0]!) + 1}: seq 7, expected 2`,
    );
  });

  it('fails loudly when a segment is missing between the ack and the next segment', async () => {
    const j = await journal({ maxSegmentBytes: 1 });
    await j.append(recs(1, 2));
    await j.append(recs(3, 2));
    await j.close();
    await rm(join(dir, 'strikes-000000000001.jsonl'));

    await expect(openJournal<Rec>({ dir, name: 'strikes', maxWaiting: 1000 })).rejects.toThrow(
      /records 1 to 2 are missing/,
    );
  });
});

describe('journal: bounded', () => {
  it('refuses a batch that would exceed maxWaiting, writing nothing, and takes appends again after an ack', async () => {
    const j = await journal({ maxWaiting: 10 });
    await j.append(recs(1, 6));
    const path = await onlySegment();
    const size = (await stat(path)).size;

    const error = await j.append(recs(7, 5)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JournalFullError);
    expect((error as JournalFullError).retryAfterSeconds).toBeGreaterThan(0);
    expect((await stat(path)).size).toBe(size);
    expect(j.stats()).toMatchObject({ waiting: 6, refused: 5 });

    expect(await j.append(recs(7, 4))).toEqual({ firstSeq: 7, lastSeq: 10 }); // exactly maxWaiting
    await expect(j.append(recs(11, 1))).rejects.toBeInstanceOf(JournalFullError);
    await j.ack(6);
    expect(await j.append(recs(11, 5))).toEqual({ firstSeq: 11, lastSeq: 15 });
    expect(seqs(j)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15]);
  });

  it('counts batches still being written against maxWaiting', async () => {
    const j = await journal({ maxWaiting: 10 });
    const first = j.append(recs(1, 6));
    await expect(j.append(recs(7, 5))).rejects.toBeInstanceOf(JournalFullError);
    await first;
    expect(seqs(j)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('journal: crash', () => {
  it('keeps every append that resolved before the process was killed (SIGKILL)', async () => {
    const journalUrl = new URL('./journal.ts', import.meta.url).href;
    const child = join(dir, 'child.mjs');
    // Four writers append 20-record batches in a loop and print each range once it has resolved.
    await writeFile(
      child,
      `import { openJournal } from ${JSON.stringify(journalUrl)};
const j = await openJournal({ dir: process.argv[2], name: 'strikes', maxWaiting: 1e9, maxSegmentBytes: 64 * 1024 });
const writer = async (w) => {
  for (let n = 0; ; n += 20) {
    const records = Array.from({ length: 20 }, (_, i) => ({ id: w + ':' + (n + i) }));
    const { firstSeq, lastSeq } = await j.append(records);
    process.stdout.write(JSON.stringify({ w, n, firstSeq, lastSeq }) + '\\n');
  }
};
await Promise.all([0, 1, 2, 3].map(writer));
`,
    );
    const journalDir = join(dir, 'journal');
    const proc = spawn(process.execPath, ['--import', 'tsx', child, journalDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    const reported: { w: number; n: number; firstSeq: number; lastSeq: number }[] = [];
    let stderr = '';
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const lines = out.split('\n');
        out = lines.pop()!;
        for (const line of lines) reported.push(JSON.parse(line) as (typeof reported)[number]);
        if (reported.length >= 300 && proc.exitCode === null) {
          proc.kill('SIGKILL');
          resolve();
        }
      });
      proc.on('exit', (code) => reject(new Error(`child exited ${code} before it was killed: ${stderr}`)));
    });
    await new Promise((resolve) => proc.once('close', resolve));

    const reopened = await openJournal<Rec>({ dir: journalDir, name: 'strikes', maxWaiting: 1e9 });
    opened.push(reopened);
    const bySeq = new Map(reopened.waiting().map((e) => [e.seq, e.record.id]));
    for (const r of reported) {
      for (let i = 0; i <= r.lastSeq - r.firstSeq; i += 1) {
        expect(bySeq.get(r.firstSeq + i)).toBe(`${r.w}:${r.n + i}`);
      }
    }
    const lastReported = Math.max(...reported.map((r) => r.lastSeq));
    expect(seqs(reopened).slice(0, lastReported)).toEqual(
      Array.from({ length: lastReported }, (_, i) => i + 1),
    );
    expect((await readdir(journalDir)).filter((f) => f.endsWith('.jsonl')).length).toBeGreaterThan(1);
  });
});
