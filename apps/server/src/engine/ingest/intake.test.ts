// The journalled intake (issue 21): taken before the database, applied in order, held while the database
// does not answer and applied when it answers again, new records never behind the backlog, an earlier run's
// records offered again, a record the database refuses skipped loudly, a full journal refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { createIntake, type Intake, type IntakeOptions } from './intake.ts';
import { JournalFullError, openJournal, type Journal, type JournalEntry } from './journal.ts';
import { connectionRefused } from './test-support.ts';

interface Rec {
  id: string;
  /** epoch ms the record stands for */
  t: number;
}

let dir: string;
let clock: ManualClock;
const open: { journals: Journal<Rec>[]; intakes: Intake<Rec>[] } = { journals: [], intakes: [] };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-test-'));
  clock = new ManualClock('2026-07-01T17:00:00Z');
});

afterEach(async () => {
  for (const i of open.intakes.splice(0)) await i.stop();
  for (const j of open.journals.splice(0)) await j.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** A database the test turns off and on: apply and probe fail while it is down. */
function fakeDatabase() {
  const db = {
    down: false,
    applied: [] as { ids: string[]; redelivered: boolean }[],
    /** ids the database refuses although it answers */
    poison: new Set<string>(),
    /** resolves the next apply only when released (to hold one in flight) */
    gate: null as Promise<void> | null,
    /** probes get no answer at all (a network partition) */
    hang: false,
    probes: 0,
    async apply(entries: readonly JournalEntry<Rec>[], how: { redelivered: boolean }) {
      if (db.gate) await db.gate;
      if (db.down) throw connectionRefused();
      if (entries.some((e) => db.poison.has(e.record.id))) throw new Error('violates check constraint');
      db.applied.push({ ids: entries.map((e) => e.record.id), redelivered: how.redelivered });
    },
    async probe() {
      db.probes += 1;
      if (db.hang) return new Promise<void>(() => {});
      if (db.down) throw connectionRefused();
    },
    ids: () => db.applied.flatMap((a) => a.ids),
  };
  return db;
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const logged = () => {
  const lines: { level: string; msg: string; data: unknown }[] = [];
  const at = (level: string) => (data: unknown, msg?: string) => {
    lines.push({ level, msg: msg ?? '', data });
  };
  const log = { info: at('info'), warn: at('warn'), error: at('error') };
  return { lines, log: log as unknown as IntakeOptions<Rec>['log'] };
};

async function setUp(
  db: ReturnType<typeof fakeDatabase>,
  options: Partial<IntakeOptions<Rec>> & { maxWaiting?: number } = {},
) {
  const journal = await openJournal<Rec>({
    dir,
    name: 'recs',
    maxWaiting: options.maxWaiting ?? 1000,
    clock,
  });
  open.journals.push(journal);
  const intake = createIntake<Rec>({
    name: 'recs',
    journal,
    clock,
    log: silent,
    retryMs: 5,
    maxRetryMs: 20,
    apply: (entries, how) => db.apply(entries, how),
    probe: () => db.probe(),
    timeOf: (r) => r.t,
    ...options,
  });
  open.intakes.push(intake);
  return { journal, intake };
}

const recs = (from: number, count: number, t0 = 0): Rec[] =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, t: t0 + from + i }));
const ids = (from: number, count: number) => recs(from, count).map((r) => r.id);
const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
};
/**
 * Waits for the database to refuse a probe made after every take so far: what was taken is then a backlog
 * applied oldest first when it answers, not batches that may have come after it was back (applied at once).
 */
const refusedAfterTakes = async (db: ReturnType<typeof fakeDatabase>) => {
  const probes = db.probes;
  await until(() => db.probes > probes);
  await new Promise((r) => setTimeout(r, 2));
};

describe('intake: live', () => {
  it('journals each batch, applies it in order and acknowledges it', async () => {
    const db = fakeDatabase();
    const { journal, intake } = await setUp(db);
    await intake.start();
    expect(await Promise.all([intake.take(recs(1, 3)), intake.take(recs(4, 2))])).toEqual([
      'applied',
      'applied',
    ]);
    expect(db.applied).toEqual([
      { ids: ids(1, 3), redelivered: false },
      { ids: ids(4, 2), redelivered: false },
    ]);
    expect(intake.status()).toMatchObject({ state: 'live', waiting: 0, heldSince: null, failed: 0 });
    await until(() => journal.stats().waiting === 0);
  });

  it('holds what is taken before start, and applies it at start', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db);
    expect(await intake.take(recs(1, 2))).toBe('held');
    expect(intake.status()).toMatchObject({ state: 'starting', waiting: 2 });
    await intake.start();
    await intake.idle();
    expect(db.ids()).toEqual(ids(1, 2));
  });
});

describe('intake: the database away', () => {
  it('keeps every record taken while it is away, then applies them in order once it answers', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db);
    await intake.start();
    await intake.take(recs(1, 2));
    db.down = true;
    clock.advance(1_000);
    expect(await intake.take(recs(3, 2))).toBe('held');
    clock.advance(1_000);
    expect(await intake.take(recs(5, 2))).toBe('held');
    expect(intake.status()).toMatchObject({
      state: 'held',
      waiting: 4,
      heldSince: new Date('2026-07-01T17:00:01Z'),
      oldestReceivedAt: new Date('2026-07-01T17:00:01Z'),
    });
    expect(intake.horizon()).toBe(3);
    // every batch so far was refused: all of them are the backlog, applied oldest first
    await refusedAfterTakes(db);

    db.down = false;
    await intake.idle();
    expect(db.ids()).toEqual(ids(1, 6));
    // what waited is offered as possibly stored already (its first apply may have committed)
    expect(db.applied.slice(1).every((a) => a.redelivered)).toBe(true);
    expect(intake.status()).toMatchObject({ state: 'live', waiting: 0, heldSince: null });
    expect(intake.status().lastCatchUp).toMatchObject({ records: 4 });
    expect(intake.horizon()).toBeNull();
  });

  it('applies a record taken after the database is back at once, not behind the backlog', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db, { catchUpChunk: 2 });
    await intake.start();
    db.down = true;
    await intake.take(recs(1, 1));
    for (let i = 2; i <= 10; i += 1) await intake.take(recs(i, 1));
    await refusedAfterTakes(db);
    // the database answers, but the backlog's first chunk waits at the gate
    let release!: () => void;
    db.gate = new Promise((r) => (release = r));
    db.down = false;
    await until(() => intake.status().state === 'catching-up');
    db.gate = null;
    const live = intake.take(recs(11, 1));
    expect(await live).toBe('applied');
    expect(db.ids()).toEqual(['r11']);
    release();
    await intake.idle();
    expect(db.ids().slice(1)).toEqual(ids(1, 10));
    expect(db.applied.slice(1).map((a) => a.ids.length)).toEqual([2, 2, 2, 2, 2]);
  });

  it('applies what was taken since the database last refused at once when it answers, ahead of the backlog', async () => {
    const db = fakeDatabase();
    let probeGate: Promise<void> = Promise.resolve();
    const { intake } = await setUp(db, {
      retryMs: 60_000,
      maxRetryMs: 60_000,
      minProbeGapMs: 0,
      probe: async () => {
        await probeGate;
        await db.probe();
      },
    });
    await intake.start();
    db.down = true;
    for (let i = 1; i <= 3; i += 1) expect(await intake.take(recs(i, 1))).toBe('held');
    await until(() => db.probes >= 1);
    await new Promise((r) => setTimeout(r, 5));
    // the database is back; the next probe is slow to answer, and two batches come meanwhile
    let answer!: () => void;
    probeGate = new Promise((r) => (answer = r));
    db.down = false;
    expect(await intake.take(recs(4, 1))).toBe('held');
    expect(await intake.take(recs(5, 1))).toBe('held');
    answer();
    await intake.idle();
    expect(db.applied).toEqual([
      { ids: ['r4'], redelivered: false },
      { ids: ['r5'], redelivered: false },
      { ids: ids(1, 3), redelivered: true },
    ]);
    expect(intake.status()).toMatchObject({ state: 'live', waiting: 0 });
  });

  it('a batch whose apply fails as the database goes resolves held and is offered again', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db);
    await intake.start();
    let release!: () => void;
    db.gate = new Promise((r) => (release = r));
    const inFlight = intake.take(recs(1, 3));
    db.down = true;
    release();
    expect(await inFlight).toBe('held');
    expect(intake.status()).toMatchObject({ state: 'held', waiting: 3 });
    db.gate = null;
    db.down = false;
    await intake.idle();
    expect(db.applied).toEqual([{ ids: ids(1, 3), redelivered: true }]);
  });

  it('asks at once when a batch comes while held: applied as soon as the database answers, without the backoff, ahead of the backlog', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db, { retryMs: 60_000, maxRetryMs: 60_000, minProbeGapMs: 0 });
    await intake.start();
    db.down = true;
    expect(await intake.take(recs(1, 1))).toBe('held');
    expect(await intake.take(recs(2, 1))).toBe('held');
    db.down = false;
    const started = Date.now();
    await intake.take(recs(3, 1));
    await intake.idle();
    expect(Date.now() - started).toBeLessThan(2_000);
    // taken after the last refusal, it may have come after the database was back: applied first
    expect(db.ids()).toEqual(['r3', 'r1', 'r2']);
  });

  it('counts a probe the database never answers as failed after probeTimeoutMs, and keeps probing', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db, { probeTimeoutMs: 20 });
    await intake.start();
    db.down = true;
    await intake.take(recs(1, 2));
    db.hang = true;
    await until(() => db.probes >= 2);
    expect(intake.status().state).toBe('held');
    db.hang = false;
    db.down = false;
    await intake.idle();
    expect(db.ids()).toEqual(ids(1, 2));
  });

  it('keeps all-clears from passing the oldest waiting record: horizon is its time', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db);
    await intake.start();
    db.down = true;
    await intake.take([
      { id: 'late', t: 500 },
      { id: 'early', t: 100 },
    ]);
    await intake.take([{ id: 'next', t: 700 }]);
    expect(intake.horizon()).toBe(100);
    db.down = false;
    await intake.idle();
    expect(intake.horizon()).toBeNull();
  });

  it('keeps the horizon the oldest time waiting as batches arrive in any order, and after they are applied', async () => {
    const db = fakeDatabase();
    const { intake } = await setUp(db);
    await intake.start();
    db.down = true;
    let oldest = Number.POSITIVE_INFINITY;
    let seed = 7;
    for (let i = 0; i < 40; i++) {
      seed = (seed * 48271) % 2147483647;
      const t = 1_000 + (seed % 5_000);
      oldest = Math.min(oldest, t);
      expect(await intake.take([{ id: `r${i}`, t }])).toBe('held');
      expect(intake.horizon()).toBe(oldest);
    }
    db.down = false;
    await intake.idle();
    expect(intake.horizon()).toBeNull();
    // live again: a batch applied at once leaves nothing behind
    await intake.take([{ id: 'live', t: 9_000 }]);
    expect(intake.horizon()).toBeNull();
  });

  it('keeps the horizon the oldest record not applied while a backlog is caught up chunk by chunk beside live batches', async () => {
    const db = fakeDatabase();
    const taken = new Map<string, number>();
    const seen: { horizon: number | null; expected: number | null }[] = [];
    let live = 0;
    const oldestNotApplied = () => {
      const times = [...taken.values()];
      return times.length === 0 ? null : Math.min(...times);
    };
    // apply is called only once records are taken, after setUp has returned
    const { intake } = await setUp(db, {
      catchUpChunk: 3,
      apply: async (entries, how) => {
        seen.push({ horizon: intake.horizon(), expected: oldestNotApplied() });
        // live batches arrive while the backlog is applied: newer ones, and now and then one older than it all
        if (how.redelivered && live < 8) {
          live += 1;
          const record = { id: `live${live}`, t: live % 4 === 0 ? 50 + live : 10_000 + live };
          taken.set(record.id, record.t);
          // applied at once (live batches do not wait behind the backlog), while this chunk is in flight
          expect(await intake.take([record])).toBe('applied');
          seen.push({ horizon: intake.horizon(), expected: oldestNotApplied() });
        }
        await db.apply(entries, how);
        for (const e of entries) taken.delete(e.record.id);
      },
    });
    await intake.start();
    db.down = true;
    let seed = 11;
    for (let i = 0; i < 30; i++) {
      seed = (seed * 48271) % 2147483647;
      const record = { id: `r${i}`, t: 1_000 + (seed % 5_000) };
      taken.set(record.id, record.t);
      await intake.take([record]);
    }
    await refusedAfterTakes(db);
    db.down = false;
    await intake.idle();
    expect(live).toBe(8);
    // the first take, refused, then ten chunks of the backlog and the eight live batches (and after each of those)
    expect(seen.length).toBe(1 + 10 + 8 * 2);
    for (const s of seen) expect(s.horizon).toBe(s.expected);
    expect(intake.horizon()).toBeNull();
  });
});

describe('intake: restart', () => {
  it('offers an earlier run’s unapplied records first, as redelivered, then new ones', async () => {
    const db = fakeDatabase();
    const first = await setUp(db);
    await first.intake.start();
    await first.intake.take(recs(1, 2));
    db.down = true;
    await first.intake.take(recs(3, 3));
    // the process stops (or is killed) with three records waiting
    await first.intake.stop();
    await first.journal.close();

    db.down = false;
    const second = await setUp(db);
    expect(second.intake.status()).toMatchObject({ state: 'starting', waiting: 3 });
    await second.intake.start();
    await second.intake.idle();
    await second.intake.take(recs(6, 1));
    expect(db.applied).toEqual([
      { ids: ids(1, 2), redelivered: false },
      { ids: ids(3, 3), redelivered: true },
      { ids: ['r6'], redelivered: false },
    ]);
  });
});

describe('intake: refusals', () => {
  it('skips a batch the database refuses although it answers, after three tries alone, and says so', async () => {
    const db = fakeDatabase();
    db.poison.add('r3');
    const { lines, log } = logged();
    const { intake } = await setUp(db, { log });
    await intake.start();
    expect(await intake.take(recs(1, 2))).toBe('applied');
    expect(await intake.take(recs(3, 1))).toBe('held');
    await intake.take(recs(4, 2));
    await intake.idle();
    expect(db.ids()).toEqual(['r1', 'r2', 'r4', 'r5']);
    expect(intake.status()).toMatchObject({ state: 'live', failed: 1, waiting: 0 });
    const error = lines.find((l) => l.level === 'error')!;
    expect(error.msg).toContain('refused 1 recs 3 times although it answers; they are skipped');
    expect(error.data).toMatchObject({ records: [{ id: 'r3', t: 3 }] });
  });

  it('refuses a batch when the journal is full, keeping nothing of it, and counts it', async () => {
    const db = fakeDatabase();
    db.down = true;
    const { intake } = await setUp(db, { maxWaiting: 5 });
    await intake.start();
    await intake.take(recs(1, 4));
    await expect(intake.take(recs(5, 2))).rejects.toBeInstanceOf(JournalFullError);
    intake.drop('thinned', 3);
    expect(intake.status()).toMatchObject({ waiting: 4, dropped: { 'journal full': 2, thinned: 3 } });
    db.down = false;
    await intake.idle();
    expect(db.ids()).toEqual(ids(1, 4));
  });
});
