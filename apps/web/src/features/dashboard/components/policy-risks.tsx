// 'Today's Policy Risks' (spec 01 §2 'Other panels'): per policy, its threat level against the threshold across
// the day, with the spec's fallbacks; a PRECIP threat without times reads 'Next 24hr'.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatLocalTimeRange, formatValue } from '@allclear/domain';
import type { TThreatForecastItem } from '@allclear/contracts';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { breachProps, policyColouring, type BreachState } from '../../../lib/policy-colour.ts';
import { useThreatForecast } from '../api/get-threat-forecast.ts';
import { browserTimeZone } from '../../../lib/local-time.ts';
import { Panel, PanelMessage } from './panel.tsx';

/** The card's texts (spec 01 §2). */
export const POLICY_RISKS_TEXTS = {
  error: 'There was an error while trying to load the threats forecast',
  noPolicies: 'No Policies',
  noData: 'No data available for this location',
  allLow: 'Looking Good Today',
  precipWithoutTimes: 'Next 24hr',
} as const;

const LEVEL_LABEL = ['Low', 'Warning', 'Breach'] as const;
const STATE_LABEL: Record<BreachState, (typeof LEVEL_LABEL)[number]> = {
  breach: 'Breach',
  warning: 'Warning',
  ok: 'Low',
  none: 'Low',
};

/** When a threat applies: its spans as '2 PM – 4 PM CDT' in `timeZone` (IANA; default the browser's), or 'Next 24hr' for a PRECIP threat without spans. */
export function threatTimesText(item: TThreatForecastItem, timeZone: string = browserTimeZone()): string {
  if (item.threatTimes.length === 0)
    return item.threatType === 'PRECIP' ? POLICY_RISKS_TEXTS.precipWithoutTimes : '';
  return item.threatTimes.map((t) => formatLocalTimeRange(t.startTime, t.endTime, timeZone)).join(', ');
}

/** The card of a location. */
export function PolicyRisks({ locationId, timeZone }: { locationId: number; timeZone?: string }) {
  const query = useThreatForecast(locationId);
  const items = query.data;
  let body;
  if (query.isPending)
    body = <Skeleton variant="rounded" height={120} role="progressbar" aria-label="Loading policy risks" />;
  else if (!items) body = <PanelMessage role="alert" title={POLICY_RISKS_TEXTS.error} />;
  else if (items.length === 0) body = <PanelMessage title={POLICY_RISKS_TEXTS.noPolicies} />;
  else if (items.every((i) => i.peakValue === null))
    body = <PanelMessage title={POLICY_RISKS_TEXTS.noData} />;
  else {
    const risky = items.filter((i) => i.threatLevel > 0);
    body = (
      <>
        {risky.length === 0 ? <PanelMessage title={POLICY_RISKS_TEXTS.allLow} /> : null}
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {items.map((item) => {
            // The day's peak against the policy (spec 01 §5 'Policy comparison'): the chip and the peak take its
            // colour, so a breached descending policy reads primary; without a peak the server's level names it.
            const colouring = policyColouring(item.peakValue, {
              policyType: item.threatType,
              threshold: item.threshold,
              isDesc: item.isDesc,
              unit: item.unit,
            });
            const breach = breachProps(colouring);
            const label = colouring ? STATE_LABEL[colouring.state] : LEVEL_LABEL[item.threatLevel];
            const when = item.threatLevel > 0 ? threatTimesText(item, timeZone) : '';
            return (
              <Box
                component="li"
                key={`${item.threatType}-${item.displayName}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}
              >
                <Chip
                  size="small"
                  label={label}
                  data-breach={breach['data-breach']}
                  // filled with the text colour: white on it keeps AA (each is 5:1 or more under white)
                  sx={{
                    minWidth: 76,
                    ...(colouring?.text ? { bgcolor: colouring.text, color: 'common.white' } : {}),
                  }}
                />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 500 }} noWrap title={item.displayName}>
                    {item.displayName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {'Peak '}
                    <Box
                      component="span"
                      data-breach={breach['data-breach']}
                      sx={{ fontWeight: 600, ...breach.sx }}
                    >
                      {formatValue(
                        item.peakValue,
                        item.threatType === 'PRECIP' ? 2 : item.threatType === 'WBGT' ? 1 : 0,
                      )}
                    </Box>
                    {` / threshold ${item.isDesc ? '≤' : '≥'} ${item.threshold} ${item.unit}`}
                    {when ? ` · ${when}` : ''}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      </>
    );
  }
  return (
    <Panel
      title="Today's Policy Risks"
      label="Today's Policy Risks"
      action={<StaleBadge queries={[query]} timeZone={timeZone} />}
    >
      {body}
    </Panel>
  );
}
