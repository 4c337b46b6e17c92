// Whether alerts are held back by a database outage (issue 21): strikes and device events are journalled
// before the database and applied when it answers; an admin's shell shows a banner while that lasts.
import { z } from 'zod';

/** 'live': applied as they come; 'held': the database does not answer; 'catching-up': what waited is being applied. */
export const ZIngestState = z.enum(['live', 'held', 'catching-up']);

export const ZIngestStatus = z.object({
  /** True while alerts are held back (held or catching up). */
  alertsHeldBack: z.boolean(),
  state: ZIngestState,
  /** Strikes taken and not yet applied. */
  strikesWaiting: z.number().int().min(0),
  /** How long the oldest of them has waited, seconds; null when none waits. */
  oldestWaitingSeconds: z.number().int().min(0).nullable(),
  /** Since when alerts have been held back (ISO 8601); null when they are not. */
  heldSince: z.iso.datetime({ offset: true }).nullable(),
});
export type TIngestStatus = z.infer<typeof ZIngestStatus>;
