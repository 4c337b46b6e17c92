// Active Warnings (spec 01 §2, §4 'Alerts panel'): 'Active Warnings for {label}', collapsible, hidden when nothing
// is active; tabs per policy name, 'NWS Alert - {event}', 'Forecast - {headline}'; each detail as specified.
import { useState, type ReactNode } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { elapsedTimeText, formatDelay, formatValue } from '@allclear/domain';
import type { TNwsAdvisoryDetail, TPolicyWarning, TProactiveForecast } from '@allclear/contracts';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { breachProps, policyColouring } from '../../../lib/policy-colour.ts';
import { useAdvisoryDetails } from '../api/get-advisories.ts';
import { usePolicyWarnings } from '../api/get-policy-warnings.ts';
import { useProactiveForecasts } from '../api/get-proactive-forecasts.ts';
import { useNow } from '../hooks/use-now.ts';
import { localTime } from '../../../lib/local-time.ts';
import { sanitizeHtml } from '../lib/sanitize-html.ts';
import { PanelMessage } from './panel.tsx';

/** Failure and crash text of the panel (spec 01 §8). */
export const ALERTS_FAILURE_TEXT = "Uh oh, there's an issue displaying your alerts. We're working on it!";

/** A paragraph with the text before the first '...' in bold (spec 01 §2 'NWS detail'). */
export function NwsParagraph({ text }: { text: string }) {
  const at = text.indexOf('...');
  if (at <= 0) return <Typography sx={{ mb: 1.5 }}>{text}</Typography>;
  return (
    <Typography sx={{ mb: 1.5 }}>
      <strong>{text.slice(0, at)}</strong>
      {text.slice(at)}
    </Typography>
  );
}

/** Paragraphs of an NWS description: split on blank lines, single line breaks joined. */
export function nwsParagraphs(description: string): string[] {
  return description
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.replace(/\s*\r?\n\s*/g, ' ').trim())
    .filter(Boolean);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>{`${label}: `}</Box>
      {children}
    </Typography>
  );
}

function PolicyWarningDetail({
  warning,
  now,
  timeZone,
}: {
  warning: TPolicyWarning;
  now: number;
  timeZone?: string;
}) {
  const time = (iso: string) => localTime(iso, timeZone, { withDate: true });
  const remaining = warning.allClearTime
    ? Math.max(0, Math.ceil((Date.parse(warning.allClearTime) - now) / 1000))
    : null;
  // The current value against the warning's policy (spec 01 §5 'Policy comparison'): once it recovers during the
  // all-clear countdown it reads warning, then clear.
  const value = breachProps(
    policyColouring(warning.value, {
      policyType: warning.policyTypeShortName,
      threshold: warning.thresholdValue,
      isDesc: warning.isDesc,
      unit: warning.unit,
    }),
  );
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600 }}
      >{`${warning.policyDisplayName} Policy Warning`}</Typography>
      <Typography>{warning.message}</Typography>
      <Row label="Threshold">{`${warning.isDesc ? '≤' : '≥'} ${formatValue(warning.thresholdValue, warning.precision)} ${warning.unit}`}</Row>
      <Row label="Current Value">
        <Box component="span" data-breach={value['data-breach']} sx={{ fontWeight: 600, ...value.sx }}>
          {`${formatValue(warning.value, warning.precision)} ${warning.unit}`}
        </Box>
      </Row>
      <Row label="Last Update">{time(warning.lastUpdateTime)}</Row>
      <Row label="Warning Started">{time(warning.startedTime)}</Row>
      {/* only a notification that went out has a time: none while nobody was told */}
      {warning.lastAlertTime && (
        <>
          <Row label="Last Notified">{time(warning.lastAlertTime)}</Row>
          <Row label="Last Notification">{elapsedTimeText(Date.parse(warning.lastAlertTime), now)}</Row>
        </>
      )}
      <Row label="All Clear">
        {`${warning.allClearMinutes} min`}
        {warning.allClearTime && remaining !== null
          ? ` · next possible all clear ${time(warning.allClearTime)} · ${formatDelay(remaining)} remaining`
          : ''}
      </Row>
    </Box>
  );
}

function NwsDetail({ alert }: { alert: TNwsAdvisoryDetail }) {
  return (
    <Box>
      <Typography
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, borderLeft: 4, borderColor: alert.Color, pl: 1, mb: 1 }}
      >
        {alert.Headline}
      </Typography>
      {nwsParagraphs(alert.Description).map((p, i) => (
        <NwsParagraph key={i} text={p} />
      ))}
    </Box>
  );
}

function ProactiveDetail({ forecast, timeZone }: { forecast: TProactiveForecast; timeZone?: string }) {
  const time = (iso: string) => localTime(iso, timeZone, { withDate: true });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, borderLeft: 4, borderColor: forecast.forecastType.color, pl: 1 }}
      >
        {forecast.forecastType.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">{`Expires: ${time(forecast.expiresAt)}`}</Typography>
      {forecast.messages.map((m) => (
        <Box key={m.id} component="article">
          <Typography sx={{ fontWeight: 600 }}>{m.headline}</Typography>
          <Typography variant="caption" color="text.secondary">{`Sent: ${time(m.createdAt)}`}</Typography>
          <Box sx={{ '& p': { my: 0.5 } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(m.message) }} />
        </Box>
      ))}
    </Box>
  );
}

interface WarningTab {
  key: string;
  label: string;
  content: ReactNode;
}

/** The Active Warnings panel; renders nothing while nothing is active. Times read in `timeZone` (IANA; default the browser's). */
export function ActiveWarnings({
  locationId,
  label,
  timeZone,
}: {
  locationId: number;
  label: string;
  timeZone?: string;
}) {
  const warnings = usePolicyWarnings(locationId);
  const nws = useAdvisoryDetails(locationId);
  const proactive = useProactiveForecasts(locationId);
  const now = useNow(1000);
  const [expanded, setExpanded] = useState(true);
  const [tab, setTab] = useState(0);

  if (
    (warnings.isError && !warnings.data) ||
    (nws.isError && !nws.data) ||
    (proactive.isError && !proactive.data)
  )
    return (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <PanelMessage role="alert" title={ALERTS_FAILURE_TEXT} />
      </Box>
    );

  const byPolicy = new Map<string, TPolicyWarning[]>();
  for (const w of warnings.data ?? []) byPolicy.set(w.policyName, [...(byPolicy.get(w.policyName) ?? []), w]);
  const tabs: WarningTab[] = [
    ...[...byPolicy.entries()].map(([name, list]) => ({
      key: `policy-${name}`,
      label: list[0]!.policyDisplayName || name,
      content: (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {list.map((w) => (
            <PolicyWarningDetail key={w.id} warning={w} now={now} timeZone={timeZone} />
          ))}
        </Box>
      ),
    })),
    ...(nws.data ?? []).map((a) => ({
      key: `nws-${a.Identifier}`,
      label: `NWS Alert - ${a.Event}`,
      content: <NwsDetail alert={a} />,
    })),
    ...(proactive.data ?? []).map((f) => ({
      key: `forecast-${f.id}`,
      label: `Forecast - ${f.messages[0]?.headline ?? f.forecastType.name}`,
      content: <ProactiveDetail forecast={f} timeZone={timeZone} />,
    })),
  ];
  if (tabs.length === 0) return null;
  const index = Math.min(tab, tabs.length - 1);

  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => setExpanded(open)}
      component="section"
      aria-label={`Active Warnings for ${label}`}
      disableGutters
      sx={{ border: 2, borderColor: 'error.main' }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="h6" component="h2">{`Active Warnings for ${label}`}</Typography>
          <StaleBadge queries={[warnings, nws, proactive]} timeZone={timeZone} />
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Tabs
          value={index}
          onChange={(_, v: number) => setTab(v)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Active warnings"
        >
          {tabs.map((t) => (
            <Tab key={t.key} label={t.label} />
          ))}
        </Tabs>
        <Box role="tabpanel" sx={{ pt: 2 }}>
          {tabs[index]!.content}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
