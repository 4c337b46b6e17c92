// A strike as the ingest journal keeps it (issue 21): plain JSON, times as ISO 8601 text, read back into
// the Strike the engine applies with the time the product took it.
import type { Strike } from '@allclear/weather';
import type { IncomingStrike } from './zone-transitions.ts';

export interface StrikeRecord {
  id: string;
  time: string;
  latitude: number;
  longitude: number;
  type: Strike['type'];
  amperageKa: number;
  cloud: boolean;
  source: string;
  observedAt: string;
  cellId?: string;
}

/** The journal's record of a strike. */
export function toStrikeRecord(s: Strike): StrikeRecord {
  return {
    id: s.id,
    time: s.time.toISOString(),
    latitude: s.latitude,
    longitude: s.longitude,
    type: s.type,
    amperageKa: s.amperageKa,
    cloud: s.cloud,
    source: s.source,
    observedAt: s.observedAt.toISOString(),
    ...(s.cellId !== undefined && { cellId: s.cellId }),
  };
}

/** The strike of a journal record, taken at `receivedAt`. */
export function fromStrikeRecord(r: StrikeRecord, receivedAt: Date): IncomingStrike {
  return {
    id: r.id,
    time: new Date(r.time),
    latitude: r.latitude,
    longitude: r.longitude,
    type: r.type,
    amperageKa: r.amperageKa,
    cloud: r.cloud,
    source: r.source,
    observedAt: new Date(r.observedAt),
    ...(r.cellId !== undefined && { cellId: r.cellId }),
    receivedAt,
  };
}
