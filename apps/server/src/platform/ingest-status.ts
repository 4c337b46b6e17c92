// The ingest port (issue 21): inputs that must not be lost (strikes, device events) are journalled before
// the database sees them and applied when it answers (engine/ingest). Each journalled intake reports its
// state on this board; /readyz and the admins' banner read it. The composition root makes one board and
// hands it to the app and the engine, so the API reads the engine's state without importing it.

/**
 * 'starting': journalling, not applying yet (the engine is loading); 'live': applied as they come;
 * 'held': the database does not answer, records wait in the journal; 'catching-up': the database answers
 * again and the records that waited are being applied (new ones go first).
 */
export type IngestState = 'starting' | 'live' | 'held' | 'catching-up';

export interface IngestQueueStatus {
  /** 'strikes', 'device-events'. */
  name: string;
  state: IngestState;
  /** Records taken (durable in the journal) and not applied yet. */
  waiting: number;
  /** When the oldest of them was taken. */
  oldestReceivedAt: Date | null;
  /** Since when the database has not answered this intake (null unless held or catching up). */
  heldSince: Date | null;
  /** Records refused since start, per reason: a full journal, thinning (never silently: each is logged). */
  dropped: Record<string, number>;
  /** Records the database refused although it answered (each logged at error with the record). */
  failed: number;
  /** The last catch-up after the database came back: how many records, how long it took. */
  lastCatchUp: { records: number; ms: number; at: Date } | null;
}

export interface IngestBoard {
  /** Adds an intake's status reader; returns the function that removes it. */
  register(read: () => IngestQueueStatus): () => void;
  /** Every registered intake's status now. */
  read(): IngestQueueStatus[];
}

export function createIngestBoard(): IngestBoard {
  const readers = new Set<() => IngestQueueStatus>();
  return {
    register(read) {
      readers.add(read);
      return () => readers.delete(read);
    },
    read: () => [...readers].map((read) => read()),
  };
}

/** True while alerts may be held back: an intake is not live (the database away, or a backlog being applied). */
export function alertsHeldBack(queues: readonly IngestQueueStatus[]): boolean {
  return queues.some((q) => q.state === 'held' || q.state === 'catching-up');
}

/** One intake as /readyz shows it: ages in whole seconds from `now`. */
export interface IngestQueueReport {
  state: IngestState;
  waiting: number;
  /** Age of the oldest record waiting, s (null when none waits). */
  oldestWaitingSeconds: number | null;
  /** Since when the database has not answered this intake, ISO 8601 (null when live). */
  heldSince: string | null;
  dropped: Record<string, number>;
  failed: number;
  lastCatchUp: { records: number; seconds: number; at: string } | null;
}

/** The intakes by name, as /readyz shows them. */
export function reportIngest(
  queues: readonly IngestQueueStatus[],
  now: Date,
): Record<string, IngestQueueReport> {
  const seconds = (from: Date | null) =>
    from === null ? null : Math.max(0, Math.round((now.getTime() - from.getTime()) / 1000));
  return Object.fromEntries(
    queues.map((q) => [
      q.name,
      {
        state: q.state,
        waiting: q.waiting,
        oldestWaitingSeconds: seconds(q.oldestReceivedAt),
        heldSince: q.heldSince?.toISOString() ?? null,
        dropped: q.dropped,
        failed: q.failed,
        lastCatchUp: q.lastCatchUp && {
          records: q.lastCatchUp.records,
          seconds: Math.round(q.lastCatchUp.ms / 100) / 10,
          at: q.lastCatchUp.at.toISOString(),
        },
      },
    ]),
  );
}
