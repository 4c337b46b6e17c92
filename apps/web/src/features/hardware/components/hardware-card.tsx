// One unit's card (spec 02 §2.5, §4; issue 16): its name, model and status text ('X Disabled', 'OWS Disabled',
// 'Enabled'), health (battery Healthy at 12.1 V, connected under 30 minutes for a siren and 15 for a station,
// 'Scheduled Offline' 05–11 UTC), the test its siren is running, a fault of an unanswered command, its last drill,
// and its actions: 'Select Test' (Start Delay, Start All Clear, Turn On Light) and 'Stop Test', Edit (the siren
// settings), 'StormBridge' (relays) when it has any, 'Weather Data' for a station, and disable/enable.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import MoreVert from '@mui/icons-material/MoreVert';
import type { THardware, TSirenTestType } from '@allclear/contracts';
import {
  SIREN_TEST_CHOICES,
  connectionKind,
  elapsedTimeText,
  hardwareStatusText,
  isBatteryHealthy,
  isConnectionHealthy,
  isScheduledOffline,
  runningTestText,
  SIREN_TEST_NAMES,
} from '@allclear/domain';
import { localTime } from '../../../lib/local-time.ts';
import type { ToggleTarget } from '../api/toggle-hardware.ts';
import {
  ACTIVITY,
  BATTERY,
  CONNECTED,
  DISABLE_HARDWARE,
  DISABLE_OWS,
  DRILL_OUTCOME_TEXTS,
  EDIT,
  ENABLE_HARDWARE,
  ENABLE_OWS,
  HEALTHY,
  LAST_DRILL,
  LOW,
  MORE_ACTIONS,
  NEVER_SEEN,
  NO_BATTERY,
  OFFLINE,
  SCHEDULED_OFFLINE,
  SELECT_TEST,
  SELECT_UNIT,
  STOP_TEST,
  STORMBRIDGE,
  WEATHER_DATA,
} from './hardware-texts.ts';

export interface HardwareCardProps {
  unit: THardware;
  /** The browser's now, ms (health and the running test's progress). */
  now: number;
  selected: boolean;
  /** A command of this unit's siren is on its way. */
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onTest: (test: TSirenTestType | null) => void;
  onEdit: () => void;
  onRelays: () => void;
  onToggle: (target: ToggleTarget, enable: boolean) => void;
  onActivity: () => void;
}

/** 'Connected', 'Scheduled Offline' or 'Offline', and when the unit was last seen. */
function connectionText(unit: THardware, now: number): { text: string; ok: boolean; seen: string | null } {
  const kind = connectionKind(unit.modelId);
  const at = unit.connectedAt ? Date.parse(unit.connectedAt) : null;
  const seen = at === null ? NEVER_SEEN : `Last seen ${elapsedTimeText(at, now)}`;
  if (isConnectionHealthy(kind, at, now)) return { text: CONNECTED, ok: true, seen };
  return { text: isScheduledOffline(kind, at, now) ? SCHEDULED_OFFLINE : OFFLINE, ok: false, seen };
}

export function HardwareCard(props: HardwareCardProps) {
  const { unit, now, selected, busy } = props;
  const [testMenu, setTestMenu] = useState<HTMLElement | null>(null);
  const [moreMenu, setMoreMenu] = useState<HTMLElement | null>(null);
  const status = hardwareStatusText({
    modelId: unit.modelId,
    enabled: unit.enabled,
    sirenEnabled: unit.siren?.enabled ?? null,
  });
  const connection = connectionText(unit, now);
  const battery = unit.voltage;
  const test = unit.test;
  const elapsed = test ? (now - Date.parse(test.startedAt)) / 1000 : 0;
  const showTest = test !== null && !(test.endsByItself && elapsed >= test.durationSeconds);
  const progress = test ? Math.min(100, (elapsed / Math.max(1, test.durationSeconds)) * 100) : 0;
  const canManage = unit.abilities.manage;
  const sirenUsable = unit.siren !== null && unit.enabled && unit.siren.enabled;
  const titleId = `hardware-${unit.id}-name`;
  const zone = unit.timeZoneId;

  const choose = (choice: TSirenTestType) => {
    setTestMenu(null);
    props.onTest(choice);
  };
  const more = (action: () => void) => () => {
    setMoreMenu(null);
    action();
  };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-testid={`hardware-card-${unit.id}`}
      sx={{ display: 'flex', flexDirection: 'column', borderColor: selected ? 'primary.main' : undefined }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Checkbox
            checked={selected}
            onChange={(e) => props.onSelect(e.target.checked)}
            slotProps={{ input: { 'aria-label': SELECT_UNIT(unit.name) } }}
            sx={{ p: 0.5, mt: -0.5 }}
          />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography
              id={titleId}
              component="h2"
              variant="subtitle1"
              sx={{ fontWeight: 600, lineHeight: 1.3 }}
            >
              {unit.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[unit.modelId, unit.locationName].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={status}
            color={status === 'Enabled' ? 'success' : 'default'}
            variant={status === 'Enabled' ? 'outlined' : 'filled'}
          />
        </Box>

        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {BATTERY}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {battery === null ? (
              NO_BATTERY
            ) : (
              <>
                {`${battery.toFixed(1)} V `}
                <Box
                  component="span"
                  sx={{ color: isBatteryHealthy(battery) ? 'success.main' : 'error.main', fontWeight: 600 }}
                >
                  {isBatteryHealthy(battery) ? HEALTHY : LOW}
                </Box>
              </>
            )}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Connection
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            <Box
              component="span"
              sx={{ color: connection.ok ? 'success.main' : 'warning.main', fontWeight: 600 }}
            >
              {connection.text}
            </Box>
            {connection.seen ? ` · ${connection.seen}` : null}
          </Typography>
        </Box>

        {showTest && test ? (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {runningTestText(test.type)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress}
              color="warning"
              aria-label={runningTestText(test.type)}
              sx={{ mt: 0.5 }}
            />
          </Box>
        ) : null}
        {unit.fault ? (
          <Alert severity="error" variant="outlined" sx={{ py: 0 }}>
            {unit.fault.text}
          </Alert>
        ) : null}
        {unit.disabled ? (
          <Typography variant="body2" color="text.secondary">
            {`Disabled by ${unit.disabled.by}, ${localTime(unit.disabled.at, zone, { withDate: true })}: ${unit.disabled.reason}`}
          </Typography>
        ) : null}
        {unit.lastDrill ? (
          <Typography
            variant="body2"
            color={unit.lastDrill.outcome === 'failed' ? 'error' : 'text.secondary'}
          >
            {`${LAST_DRILL}: ${DRILL_OUTCOME_TEXTS[unit.lastDrill.outcome]} (${SIREN_TEST_NAMES[unit.lastDrill.testType]}, ${localTime(unit.lastDrill.at, zone, { withDate: true })}) · ${unit.lastDrill.summary}`}
          </Typography>
        ) : null}
      </CardContent>

      <CardActions
        sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 1.5, '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        {unit.siren && canManage ? (
          <>
            <Button
              size="small"
              variant="outlined"
              endIcon={<ArrowDropDown />}
              disabled={busy || !sirenUsable}
              aria-haspopup="menu"
              aria-expanded={testMenu ? 'true' : undefined}
              onClick={(e) => setTestMenu(e.currentTarget)}
            >
              {SELECT_TEST}
            </Button>
            <Menu anchorEl={testMenu} open={testMenu !== null} onClose={() => setTestMenu(null)}>
              {SIREN_TEST_CHOICES.map((c) => (
                <MenuItem key={c.type} onClick={() => choose(c.type)}>
                  {c.label}
                </MenuItem>
              ))}
            </Menu>
            <Button size="small" disabled={busy} onClick={() => props.onTest(null)}>
              {STOP_TEST}
            </Button>
            <Button size="small" onClick={props.onEdit}>
              {EDIT}
            </Button>
          </>
        ) : null}
        {unit.relayCount > 0 ? (
          <Button size="small" onClick={props.onRelays}>
            {STORMBRIDGE}
          </Button>
        ) : null}
        {unit.weatherStation ? (
          <Button
            size="small"
            component={RouterLink}
            to={`/Historical/${unit.weatherStation.id}/${encodeURIComponent(unit.weatherStation.name)}`}
          >
            {WEATHER_DATA}
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <IconButton
          size="small"
          aria-label={`${MORE_ACTIONS}: ${unit.name}`}
          aria-haspopup="menu"
          onClick={(e) => setMoreMenu(e.currentTarget)}
        >
          <MoreVert fontSize="small" />
        </IconButton>
        <Menu anchorEl={moreMenu} open={moreMenu !== null} onClose={() => setMoreMenu(null)}>
          {canManage ? (
            <MenuItem onClick={more(() => props.onToggle('hardware', !unit.enabled))}>
              {unit.enabled ? DISABLE_HARDWARE : ENABLE_HARDWARE}
            </MenuItem>
          ) : null}
          {canManage && unit.siren ? (
            <MenuItem onClick={more(() => props.onToggle('ows', !unit.siren!.enabled))}>
              {unit.siren.enabled ? DISABLE_OWS : ENABLE_OWS}
            </MenuItem>
          ) : null}
          <MenuItem onClick={more(props.onActivity)}>{ACTIVITY}</MenuItem>
        </Menu>
      </CardActions>
    </Card>
  );
}
