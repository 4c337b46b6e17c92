// Contract of the stream service's lightning channel (issue 6 'Beyond the spec': the panel updates within
// 2 s of a strike): `GET /stream/Lightning` answers server-sent events, one `lightning` event per change.
import { z } from 'zod';
import { ZLightningDelay, ZStrikeFromLocation } from './lightning.ts';

/** The SSE event name of a lightning change. */
export const LIGHTNING_STREAM_EVENT = 'lightning';

/**
 * A location's zones entered delay, were extended or cleared: the Delay call's item1..item4 at the moment
 * of sending, and the newest strike in any of its zones (null when none is known).
 */
export const ZLightningStreamEvent = ZLightningDelay.extend({
  locationId: z.number().int().positive(),
  inDelay: z.boolean(),
  lastStrike: ZStrikeFromLocation.nullable(),
});
export type TLightningStreamEvent = z.infer<typeof ZLightningStreamEvent>;
