// The dashboard stays useful offline (issue 6 'Beyond the spec'): when a refetch fails after a success, a panel
// keeps the last data it showed and marks it with its age. One rule and one look for every panel. The time of the
// data reads in the location's zone, named ('Last updated Jul 15, 9:00:00 AM HST').
import { useEffect, useState } from 'react';
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { elapsedTimeText } from '@allclear/domain';
import { browserTimeZone, localTime } from '../../lib/local-time.ts';

/** The parts of a TanStack Query result the rule reads. */
export interface QueryFreshness {
  data: unknown;
  isError: boolean;
  /** Epoch ms of the last successful fetch; 0 when none. */
  dataUpdatedAt: number;
}

/** How often the age text is re-read, ms (it is shown in whole minutes). */
export const STALE_AGE_REFRESH_MS = 15_000;

/**
 * The epoch ms of the data a panel shows when that data is stale (its latest refetch failed, or one of several
 * queries' did: the oldest of the failed ones), else null. A query that never succeeded is not stale: it has no
 * data to keep, so the panel shows its error text instead.
 */
export function staleSince(queries: readonly QueryFreshness[]): number | null {
  const failed = queries.filter((q) => q.isError && q.data !== undefined && q.dataUpdatedAt > 0);
  if (failed.length === 0) return null;
  return Math.min(...failed.map((q) => q.dataUpdatedAt));
}

/** The age text of stale data: 'Offline · updated 5 min ago'. */
export function staleText(updatedAt: number, now: number): string {
  return `Offline · updated ${elapsedTimeText(updatedAt, now)}`;
}

/** The current time, re-read every `intervalMs` while `active`. */
function useClock(active: boolean, intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [active, intervalMs]);
  return now;
}

/** Stale state of a panel's queries: since when its data is stale (null when fresh) and the age text. */
export function useStaleness(...queries: QueryFreshness[]): { since: number | null; text: string | null } {
  const since = staleSince(queries);
  const now = useClock(since !== null, STALE_AGE_REFRESH_MS);
  return { since, text: since === null ? null : staleText(since, Math.max(now, since)) };
}

/** The badge's title: when the kept data was fetched, in `timeZone` with the zone named. */
export function staleTitle(updatedAt: number, timeZone: string = browserTimeZone()): string {
  return `Last updated ${localTime(new Date(updatedAt).toISOString(), timeZone, { withDate: true, seconds: true })}`;
}

/**
 * A small 'Offline · updated n min ago' chip, shown only while the given queries' data is stale; its title names
 * the time in `timeZone` (the location's; the browser's by default).
 */
export function StaleBadge({
  queries,
  sx,
  timeZone,
}: {
  queries: QueryFreshness[];
  sx?: SxProps<Theme>;
  timeZone?: string;
}) {
  const { since, text } = useStaleness(...queries);
  if (since === null || text === null) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      icon={<CloudOffOutlined />}
      label={text}
      title={staleTitle(since, timeZone)}
      data-testid="stale-badge"
      role="status"
      // the dark shade, as warning text elsewhere on the cards (6.3:1 on white)
      sx={[
        {
          maxWidth: '100%',
          color: 'warning.dark',
          borderColor: 'warning.dark',
          '& .MuiChip-icon': { color: 'inherit' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
