// Whether alerts are held back by a database outage (issue 21), for the admin roles' banner: the engine's
// journalled intakes report on the ingest board (platform/ingest-status.ts); this reads it, no database.
import type { TIngestStatus } from '@allclear/contracts';
import type { Principal } from '../../../platform/auth.ts';
import type { Clock } from '../../../platform/clock.ts';
import type { IngestBoard } from '../../../platform/ingest-status.ts';
import { authorizeAction } from '../../shared/authorize.ts';

export class HeldBackService {
  constructor(
    private readonly board: IngestBoard | undefined,
    private readonly clock: Clock,
  ) {}

  /** 403 for a role without the banner (the role matrix's notification.heldBack). */
  status(p: Principal): TIngestStatus {
    authorizeAction(p, 'notification', 'heldBack');
    const queues = this.board?.read() ?? [];
    const state = queues.some((q) => q.state === 'held')
      ? 'held'
      : queues.some((q) => q.state === 'catching-up')
        ? 'catching-up'
        : 'live';
    const strikes = queues.find((q) => q.name === 'strikes');
    const since = queues
      .map((q) => q.heldSince)
      .filter((d): d is Date => d !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    const oldest = strikes?.oldestReceivedAt;
    return {
      alertsHeldBack: state !== 'live',
      state,
      strikesWaiting: strikes?.waiting ?? 0,
      oldestWaitingSeconds: oldest
        ? Math.max(0, Math.round((this.clock.now().getTime() - oldest.getTime()) / 1000))
        : null,
      heldSince: state === 'live' || !since ? null : since.toISOString(),
    };
  }
}
