// A journalled intake (issue 21, ARCHITECTURE 'Ingest before the database'): records are appended to a
// crash-safe journal (journal.ts) before the database sees them, then applied; what the database could not
// take waits in the journal, in order, and is applied when it answers again. A record is acknowledged in the
// journal once it and every record before it are applied, so a restart offers again exactly what may not
// have been applied; the consumer's apply must be idempotent (strike ids are unique, device events are
// matched by their ids).
//
// States (platform/ingest-status.ts): 'starting' until start(); 'live', each batch applied as it is taken;
// 'held', the database does not answer (probed with a backoff of retryMs doubling to maxRetryMs, and at once
// when a batch comes and the last probe is minProbeGapMs old, so strikes arriving as it comes back wait no
// backoff; a probe that hangs, as connecting through a network partition can, fails after probeTimeoutMs); and
// 'catching-up', the held records applied oldest first, one chunk at a time, while new batches are applied as
// they come: they do not queue behind the backlog. A chunk's size follows how long the last one took (aiming at
// catchUpTargetMs, within catchUpChunk records): the bigger the chunk, the less each record costs (a location
// struck many times is updated once), the smaller, the less a new strike waits behind it. The batches taken
// since the database last refused (a failed probe or apply) may have come after it was back: when it answers
// they are applied at once, as new batches are, not behind the backlog (bench strikes, outage phase: the strikes
// of the last up to 100 ms before the answer waited for the whole catch-up, 4 s, and decided the new strikes'
// p99). Any batch may be applied before older ones: a zone keeps its later strike (the domain's rule). horizon()
// says how far back the records still waiting reach, so the consumer decides nothing (an all-clear) that a
// waiting record could change.
//
// A batch the database refuses while it answers (probe succeeds) is tried maxAttempts times, alone, then
// skipped: logged at error with its records and counted as failed, never dropped silently.
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import FlatQueue from 'flatqueue';
import type { Clock } from '../../platform/clock.ts';
import type { IngestQueueStatus, IngestState } from '../../platform/ingest-status.ts';
import type { Journal, JournalEntry } from './journal.ts';

export interface IntakeOptions<T> {
  /** Its name on the status board and in logs ('strikes'). */
  name: string;
  journal: Journal<T>;
  /** Applies entries in order; resolves once they are in the database. `redelivered`: some may already be. */
  apply(entries: readonly JournalEntry<T>[], how: { redelivered: boolean }): Promise<void>;
  /** Resolves when the database answers (a `select 1`). */
  probe(): Promise<unknown>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The time a record stands for, epoch ms (a strike's time); default when it was taken. */
  timeOf?(record: T, receivedAt: Date): number;
  /** Most records applied in one go while catching up (default 5000). */
  catchUpChunk?: number;
  /** How long one catch-up chunk should take, ms (default 50): new records wait behind at most about that. */
  catchUpTargetMs?: number;
  /** First wait before probing a database that does not answer, ms (default 250); doubles up to maxRetryMs. */
  retryMs?: number;
  /** Longest wait between probes, ms (default 1000). */
  maxRetryMs?: number;
  /** A batch taken while held probes at once when the last probe is this old, ms (default 100). */
  minProbeGapMs?: number;
  /** A probe not answered by then counts as failed, ms (default 5000). */
  probeTimeoutMs?: number;
  /** Tries of a batch the database refuses while it answers, before it is skipped (default 3). */
  maxAttempts?: number;
}

/** What became of a taken batch: applied, or durable in the journal and waiting for the database. */
export type TakeOutcome = 'applied' | 'held';

export interface Intake<T> {
  /**
   * Journals the records (durable on return) and applies them; resolves 'applied', or 'held' when the
   * database does not answer (they wait in the journal). Rejects with JournalFullError when the journal is
   * full (nothing of the batch was kept).
   */
  take(records: readonly T[]): Promise<TakeOutcome>;
  /** Counts records refused before the journal (thinning), by reason; the caller logs them. */
  drop(reason: string, count?: number): void;
  /** Applies what waits (an earlier run's records included), then each batch as it is taken. */
  start(): Promise<void>;
  /** Stops probing and catching up; resolves when applies in flight are done and acknowledged. */
  stop(): Promise<void>;
  status(): IngestQueueStatus;
  /** Its state alone (status() without building it). */
  state(): IngestState;
  /** The earliest timeOf of the records not applied yet, epoch ms; null when none waits. */
  horizon(): number | null;
  /** Resolves when no record waits (tests, benchmarks). */
  idle(): Promise<void>;
}

interface Batch<T> {
  entries: JournalEntry<T>[];
  lastSeq: number;
  minTime: number;
  status: 'waiting' | 'inflight' | 'applied';
  /** Offered before (an earlier run, or an apply that failed): some records may be in the database. */
  redelivered: boolean;
  /** Failed applies while the database answered. */
  attempts: number;
  /** The take() waiting for this batch, while it is live. */
  settle?: (outcome: TakeOutcome) => void;
  /** When it was taken, performance.now() ms (an earlier run's: never). */
  takenAt: number;
}

/** The smallest catch-up chunk, and the first. */
const MIN_CHUNK = 50;

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function createIntake<T>(o: IntakeOptions<T>): Intake<T> {
  const { journal, clock, log, name } = o;
  const maxChunk = o.catchUpChunk ?? 5_000;
  const targetMs = o.catchUpTargetMs ?? 50;
  /**
   * The next catch-up chunk's size: starts small (a first chunk of 500 strikes held the new ones 200 ms: bench
   * strikes, outage phase), then follows how long the last chunk took, at most doubling.
   */
  let chunkSize = Math.min(MIN_CHUNK, maxChunk);
  const retryMs = o.retryMs ?? 250;
  const maxRetryMs = o.maxRetryMs ?? 1_000;
  const minProbeGapMs = o.minProbeGapMs ?? 100;
  const probeTimeoutMs = o.probeTimeoutMs ?? 5_000;
  const maxAttempts = o.maxAttempts ?? 3;
  const timeOf = o.timeOf ?? ((_record: T, receivedAt: Date) => receivedAt.getTime());

  let state: IngestState = 'starting';
  /** Batches in journal order from `head` on; applied ones at the front are dropped and acknowledged. */
  let pending: Batch<T>[] = [];
  let head = 0;
  let unapplied = 0;
  let heldSince: Date | null = null;
  let failed = 0;
  const dropped: Record<string, number> = {};
  let lastCatchUp: IngestQueueStatus['lastCatchUp'] = null;
  let catchUpStart: { ms: number; records: number } | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryDelay = retryMs;
  let probing = false;
  let lastProbeAt = Number.NEGATIVE_INFINITY;
  /** When the database last refused (a probe or an apply failed), performance.now() ms. */
  let lastRefusedAt = Number.NEGATIVE_INFINITY;
  let loop: Promise<void> | null = null;
  let stopped = false;
  const inflight = new Set<Promise<unknown>>();
  let lastAck: Promise<void> = Promise.resolve();
  // the batches not applied (waiting or in flight) by their oldest record, for horizon(): applied ones leave when
  // they reach the top. Working the horizon out again over every waiting batch after each chunk took 2.5 % of a
  // 60 s outage's catch-up (bench strikes: a batch per strike, 60,000 of them).
  const byTime = new FlatQueue<Batch<T>>();
  let idleWaiters: (() => void)[] = [];

  function batchOf(entries: JournalEntry<T>[], redelivered: boolean): Batch<T> {
    let minTime = Number.POSITIVE_INFINITY;
    for (const e of entries) minTime = Math.min(minTime, timeOf(e.record, e.receivedAt));
    return {
      entries,
      lastSeq: entries.at(-1)!.seq,
      minTime,
      status: 'waiting',
      redelivered,
      attempts: 0,
      takenAt: redelivered ? Number.NEGATIVE_INFINITY : performance.now(),
    };
  }

  function add(batch: Batch<T>): void {
    pending.push(batch);
    unapplied += batch.entries.length;
    byTime.push(batch, batch.minTime);
  }

  // An earlier run's records (killed, or stopped with the database away) are offered first.
  {
    const earlier = journal.waiting();
    for (let i = 0; i < earlier.length; i += 500) add(batchOf(earlier.slice(i, i + 500), true));
    if (earlier.length > 0) heldSince = earlier[0]!.receivedAt;
  }

  function track<P>(work: Promise<P>): Promise<P> {
    inflight.add(work);
    void work.finally(() => inflight.delete(work)).catch(() => undefined);
    return work;
  }

  function markApplied(batches: readonly Batch<T>[]): void {
    for (const b of batches) {
      if (b.status === 'applied') continue;
      b.status = 'applied';
      unapplied -= b.entries.length;
      b.settle?.('applied');
      b.settle = undefined;
    }
    while (byTime.length > 0 && byTime.peek()!.status === 'applied') byTime.pop();
    compact();
    if (unapplied === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** Drops applied batches from the front and acknowledges them in the journal (not awaited: acks coalesce). */
  function compact(): void {
    let ackSeq = -1;
    while (head < pending.length && pending[head]!.status === 'applied') ackSeq = pending[head++]!.lastSeq;
    if (head > 1024 && head * 2 > pending.length) {
      pending = pending.slice(head);
      head = 0;
    }
    if (ackSeq < 0) return;
    lastAck = journal
      .ack(ackSeq)
      .catch((err: unknown) => log.error({ err, intake: name }, `ingest: acknowledging ${name} failed`));
  }

  function submit(batch: Batch<T>): Promise<TakeOutcome> {
    batch.status = 'inflight';
    return new Promise<TakeOutcome>((resolve) => {
      batch.settle = resolve;
      track(
        o.apply(batch.entries, { redelivered: batch.redelivered }).then(
          () => markApplied([batch]),
          (err: unknown) => {
            // it waits in the journal; it may have been committed as the connection dropped
            batch.status = 'waiting';
            batch.redelivered = true;
            batch.settle?.('held');
            batch.settle = undefined;
            hold(err);
          },
        ),
      );
    });
  }

  function hold(err: unknown): void {
    lastRefusedAt = performance.now();
    if (stopped || state === 'held') return;
    state = 'held';
    heldSince ??= clock.now();
    log.warn(
      { intake: name, waiting: unapplied, reason: describe(err) },
      `ingest: the database does not answer; ${name} are kept in the journal and applied when it does`,
    );
    scheduleProbe();
  }

  function scheduleProbe(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => void probeAndResume(), retryDelay);
    retryDelay = Math.min(retryDelay * 2, maxRetryMs);
  }

  /** Resolves when the database answers; rejects when it refuses or does not answer within probeTimeoutMs. */
  async function probe(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${probeTimeoutMs} ms`)), probeTimeoutMs);
    });
    try {
      await Promise.race([o.probe(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function probeAndResume(): Promise<void> {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    if (stopped || state !== 'held' || probing) return;
    probing = true;
    lastProbeAt = performance.now();
    const answers = await probe().then(
      () => true,
      () => false,
    );
    probing = false;
    if (!answers) lastRefusedAt = performance.now();
    if (stopped || state !== 'held') return;
    if (!answers) return scheduleProbe();
    retryDelay = retryMs;
    log.info(
      { intake: name, waiting: unapplied },
      `ingest: the database answers again; applying the ${name} that waited`,
    );
    submitTakenSinceRefused();
    startCatchUp();
  }

  /**
   * Applies at once, as new ones, the batches taken since the database last refused: they may have come after it
   * was back. They are the tail of `pending` (an earlier run's were never taken; one that failed was taken before
   * the refusal it caused).
   */
  function submitTakenSinceRefused(): void {
    let first = pending.length;
    while (first > head && pending[first - 1]!.takenAt > lastRefusedAt) first--;
    // in the order they were taken
    for (const b of pending.slice(first)) if (b.status === 'waiting') void submit(b);
  }

  function startCatchUp(): void {
    if (stopped) return;
    state = 'catching-up';
    catchUpStart ??= { ms: performance.now(), records: unapplied };
    loop ??= runCatchUp().finally(() => {
      loop = null;
    });
  }

  /** The next waiting batches, oldest first, up to chunkSize records; one alone while it is being retried. */
  function nextChunk(): Batch<T>[] {
    const chunk: Batch<T>[] = [];
    let records = 0;
    for (let i = head; i < pending.length && records < chunkSize; i++) {
      const b = pending[i]!;
      if (b.status !== 'waiting') continue;
      if (b.attempts > 0 && chunk.length > 0) break;
      chunk.push(b);
      records += b.entries.length;
      if (b.attempts > 0) break;
    }
    return chunk;
  }

  async function runCatchUp(): Promise<void> {
    while (!stopped && state === 'catching-up') {
      const chunk = nextChunk();
      if (chunk.length === 0) return finishCatchUp();
      for (const b of chunk) b.status = 'inflight';
      const entries = chunk.length === 1 ? chunk[0]!.entries : chunk.flatMap((b) => b.entries);
      try {
        const began = performance.now();
        await track(o.apply(entries, { redelivered: true }));
        const took = Math.max(1, performance.now() - began);
        chunkSize = Math.round(
          Math.min(maxChunk, Math.max(MIN_CHUNK, entries.length * Math.min(2, targetMs / took))),
        );
        markApplied(chunk);
        // caught up as the last chunk lands (idle() waiters see the state live)
        if (nextChunk().length === 0) return finishCatchUp();
        // PGlite answers without yielding to the event loop: give sockets and timers (new strikes, the API)
        // their turn between two chunks of a backlog
        await new Promise((resolve) => setImmediate(resolve));
      } catch (err) {
        for (const b of chunk) b.status = 'waiting';
        const answers = await probe().then(
          () => true,
          () => false,
        );
        if (!answers) return hold(err);
        const first = chunk[0]!;
        first.attempts += 1;
        if (first.attempts < maxAttempts) {
          await new Promise((r) => setTimeout(r, retryMs));
          continue;
        }
        failed += first.entries.length;
        log.error(
          { err, intake: name, records: first.entries.map((e) => e.record) },
          `ingest: the database refused ${first.entries.length} ${name} ${maxAttempts} times although it answers; they are skipped`,
        );
        markApplied([first]);
      }
    }
  }

  function finishCatchUp(): void {
    state = 'live';
    heldSince = null;
    if (catchUpStart) {
      const ms = performance.now() - catchUpStart.ms;
      lastCatchUp = { records: catchUpStart.records, ms, at: clock.now() };
      log.info(
        { intake: name, records: catchUpStart.records, ms: Math.round(ms) },
        `ingest: caught up; the ${name} that waited are applied`,
      );
      catchUpStart = null;
    }
  }

  function oldestUnapplied(): Batch<T> | undefined {
    for (let i = head; i < pending.length; i++) if (pending[i]!.status !== 'applied') return pending[i];
    return undefined;
  }

  return {
    async take(records) {
      if (stopped) throw new Error(`ingest: the ${name} intake is stopped`);
      if (records.length === 0) return 'applied';
      // the journal stamps each batch with its clock's now at append(), this same instant
      const receivedAt = clock.now();
      const { firstSeq } = await journal.append(records);
      const batch = batchOf(
        records.map((record, i) => ({ seq: firstSeq + i, receivedAt, record })),
        false,
      );
      add(batch);
      // new batches never wait behind a backlog being applied
      if (state === 'live' || state === 'catching-up') return submit(batch);
      // each batch that comes while held asks whether the database is back (at most every minProbeGapMs)
      if (state === 'held' && !probing && performance.now() - lastProbeAt >= minProbeGapMs) {
        void probeAndResume();
      }
      return 'held';
    },
    drop(reason, count = 1) {
      dropped[reason] = (dropped[reason] ?? 0) + count;
    },
    async start() {
      if (stopped || state !== 'starting') return;
      if (unapplied === 0) {
        state = 'live';
        heldSince = null;
        return;
      }
      log.info(
        { intake: name, waiting: unapplied },
        `ingest: applying the ${name} an earlier run kept in the journal`,
      );
      startCatchUp();
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await loop;
      await Promise.allSettled([...inflight]);
      for (let i = head; i < pending.length; i++) {
        pending[i]!.settle?.('held');
        pending[i]!.settle = undefined;
      }
      await lastAck;
    },
    state: () => state,
    status() {
      const refused = journal.stats().refused;
      return {
        name,
        state,
        waiting: unapplied,
        oldestReceivedAt: oldestUnapplied()?.entries[0]?.receivedAt ?? null,
        heldSince: state === 'live' ? null : heldSince,
        dropped: refused > 0 ? { ...dropped, 'journal full': refused } : { ...dropped },
        failed,
        lastCatchUp,
      };
    },
    horizon() {
      return byTime.peekValue() ?? null;
    },
    idle() {
      if (unapplied === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
