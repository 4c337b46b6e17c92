// Lightning Status (spec 01 §2, §4): per-zone countdown ticking each second from the last fetched value, the ring
// filling against allClearMinutes, 'All Clear', the nearest strike and each zone's last strike (issue 6).
import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  ALL_CLEAR_TEXT,
  compass16,
  formatValue,
  ringFillFraction,
  zoneCountdownText,
} from '@allclear/domain';
import type { TLightningZoneStatus } from '@allclear/contracts';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { useLightningStatus } from '../api/get-lightning.ts';
import { useNow } from '../hooks/use-now.ts';
import { localTime } from '../../../lib/local-time.ts';
import { zoneCss } from '../../../lib/zone-colours.ts';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { Panel, PanelMessage } from './panel.tsx';

/** Crash text of the panel (spec 01 §8). */
export const LIGHTNING_CRASH_TEXT =
  "Your lightning data is on strike. We're in negotiations and will be back to work soon.";
/** Error text of the panel (spec 01 §8). */
export const LIGHTNING_ERROR_TEXT = 'Lightning status is temporarily unavailable.';
/** The support suggestion under the error text (spec 01 §8; the product's contact details live on the Support page). */
export const LIGHTNING_SUPPORT_TEXT = 'If this continues, please contact support by e-mail or phone.';

/** Seconds left on a zone now: the fetched remaining seconds less the whole seconds since the fetch, floored at 0. */
export function tickingSeconds(fetchedRemaining: number, fetchedAt: number, now: number): number {
  return Math.max(0, fetchedRemaining - Math.floor(Math.max(0, now - fetchedAt) / 1000));
}

function Ring({
  fraction,
  colour,
  children,
}: {
  fraction: number;
  colour: string;
  children: React.ReactNode;
}) {
  const r = 34;
  const c = 2 * Math.PI * r;
  return (
    <Box sx={{ position: 'relative', width: 88, height: 88, flexShrink: 0 }}>
      <svg viewBox="0 0 80 80" width="88" height="88" aria-hidden>
        <circle
          cx="40"
          cy="40"
          r={r}
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.12}
          strokeWidth={6}
        />
        <circle
          cx="40"
          cy="40"
          r={r}
          fill="none"
          stroke={colour}
          strokeWidth={6}
          strokeDasharray={`${fraction * c} ${c}`}
          transform="rotate(-90 40 40)"
          data-testid="zone-ring"
          data-fill={fraction.toFixed(3)}
        />
      </svg>
      <Box
        sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center' }}
      >
        {children}
      </Box>
    </Box>
  );
}

function ZoneRow({
  zone,
  seconds,
  allClearMinutes,
  timeZone,
}: {
  zone: TLightningZoneStatus;
  seconds: number;
  allClearMinutes: number;
  timeZone?: string;
}) {
  const colour = zoneCss(zone.zone);
  const text = zoneCountdownText(seconds);
  return (
    <Box
      component="li"
      aria-label={`Zone ${zone.zone}`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}
    >
      <Ring fraction={ringFillFraction(seconds, allClearMinutes)} colour={colour}>
        <Typography
          data-testid={`zone-${zone.zone}-countdown`}
          sx={{
            fontWeight: 700,
            fontSize: text === ALL_CLEAR_TEXT ? 12 : 16,
            color: seconds > 0 ? colour : 'success.main',
          }}
        >
          {text}
        </Typography>
      </Ring>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          sx={{ fontWeight: 500 }}
        >{`Zone ${zone.zone} · ${formatValue(zone.radius, 0)} mi`}</Typography>
        <Typography variant="body2" color="text.secondary">
          {zone.lastStrikeTime
            ? `Last strike ${localTime(zone.lastStrikeTime, timeZone, { seconds: true })}${
                zone.lastStrikeDistanceMiles !== null
                  ? ` · ${formatValue(zone.lastStrikeDistanceMiles, 1)} mi`
                  : ''
              }`
            : 'No recent strikes'}
        </Typography>
      </Box>
    </Box>
  );
}

/** The Lightning Status panel of a location; times read in `timeZone` (IANA; default the browser's). */
export function LightningStatus({
  locationId,
  timeZone,
  notice,
}: {
  locationId: number;
  timeZone?: string;
  /** Shown above the zones: the location's policy notice (issue 20), when its saved zones differ from those in force. */
  notice?: ReactNode;
}) {
  const query = useLightningStatus(locationId);
  const now = useNow(1000);
  const track = useDashboardStore((s) => s.track);
  const status = query.data;

  useEffect(() => {
    if (status)
      track({
        type: 'lightning-updated',
        locationId,
        zoneSeconds: status.zones.map((z) => z.remainingSeconds),
      });
  }, [status, locationId, track]);

  let body;
  // A refetch of a query that never had data puts it back to pending: once a call has failed, the panel keeps
  // its error text through the retries rather than flashing the skeleton.
  if (query.isPending && query.errorUpdatedAt === 0) {
    body = (
      <Skeleton variant="rounded" height={180} role="progressbar" aria-label="Loading lightning status" />
    );
  } else if (!status) {
    body = <PanelMessage role="alert" title={LIGHTNING_ERROR_TEXT} detail={LIGHTNING_SUPPORT_TEXT} />;
  } else {
    const zones = status.zones.filter((z) => z.enabled);
    body = (
      <>
        {notice}
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {zones.map((z) => (
            <ZoneRow
              key={z.zone}
              zone={z}
              seconds={tickingSeconds(z.remainingSeconds, query.dataUpdatedAt, now)}
              allClearMinutes={status.allClearMinutes}
              timeZone={timeZone}
            />
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="nearest-strike">
          {status.nearestStrike
            ? `Nearest strike ${formatValue(status.nearestStrike.distanceMiles, 1)} mi ${compass16(status.nearestStrike.bearingDeg)} at ${localTime(status.nearestStrike.time, timeZone, { seconds: true })}`
            : 'No strikes nearby'}
          {` · All clear after ${status.allClearMinutes} min`}
        </Typography>
      </>
    );
  }
  return (
    <Panel
      title="Lightning Status"
      label="Lightning Status"
      scary={Boolean(status?.inDelay)}
      action={<StaleBadge queries={[query]} timeZone={timeZone} />}
    >
      {body}
    </Panel>
  );
}
