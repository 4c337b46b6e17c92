// Popup contents of spec 01 §2 'Map': lightning strike, storm cell (m/s → mph), tropical forecast point, weather
// alerts at a point, the NWS alert hover tooltip, and the station observation with its METAR / Preferred toggle.
// Times read in the zone of the clicked point (a strike or a station is where it is), named: 'Jul 15, 3:05:10 PM CDT'.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type {
  TNwsAlertProperties,
  TPointObservation,
  TStormVectorProperties,
  TStrikeProperties,
} from '@allclear/contracts';
import {
  compass16,
  formatValue,
  msToMph,
  MISSING_VALUE,
  STRIKE_TYPE_NAMES,
  timeZoneAt,
  type StrikeType,
} from '@allclear/domain';
import { browserTimeZone, localTime } from '../../../lib/local-time.ts';

/** What a click on the map selected. */
export type MapSelection =
  | { kind: 'strike'; longitude: number; latitude: number; strike: TStrikeProperties }
  | {
      kind: 'storm-cell';
      longitude: number;
      latitude: number;
      cell: TStormVectorProperties;
      /** NWS alert polygons under the same click (NWS Alerts on), offered from the cell's popup. */
      warnings: readonly Pick<TNwsAlertProperties, 'Identifier' | 'Event'>[];
    }
  | { kind: 'tropical-point'; longitude: number; latitude: number; point: TropicalPointProperties }
  | { kind: 'alerts'; longitude: number; latitude: number; alerts: TNwsAlertProperties[] | null }
  | { kind: 'observation'; longitude: number; latitude: number };

/** The zone of a selection's times: the clicked point's own. */
export function selectionTimeZone(selection: Pick<MapSelection, 'latitude' | 'longitude'>): string {
  return timeZoneAt(selection.latitude, selection.longitude);
}

/** The zone a popup's times read in: the clicked point's (the browser's when not given). */
interface Zoned {
  timeZone?: string;
}

/** Properties the tropical layer puts on each forecast point (winds m/s). */
export interface TropicalPointProperties {
  name: string;
  time: string;
  category: string;
  maxSustainedMs: number;
  gustMs: number;
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500, textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

function Title({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
      {children}
    </Typography>
  );
}

const time = (iso: string, timeZone = browserTimeZone()) =>
  localTime(iso, timeZone, { withDate: true, seconds: true });
const mph = (ms: number) => `${formatValue(msToMph(ms), 0)} mph`;

/** A lightning strike: type, amperage, time and age. */
export function StrikePopup({ strike, timeZone }: { strike: TStrikeProperties } & Zoned) {
  return (
    <Box>
      <Title>Lightning Strike</Title>
      <Row label="Type" value={STRIKE_TYPE_NAMES[strike.type as StrikeType]} />
      <Row label="Amperage" value={`${formatValue(strike.Amp, 1)} kA`} />
      <Row label="Time" value={time(strike.TimeStamp, timeZone)} />
      <Row label="Age" value={`${Math.floor(strike.Age / 60)} min`} />
    </Box>
  );
}

export interface StormCellPopupProps {
  cell: TStormVectorProperties;
  /** Warnings whose polygon holds the click as well: named under the cell, with a button to open them. */
  warnings?: readonly Pick<TNwsAlertProperties, 'Identifier' | 'Event'>[];
  onShowWarnings?: () => void;
  timeZone?: string;
}

/** A storm cell: movement (m/s shown as mph, ×2.236936), hail, reflectivity, tops, VIL, TVS/meso. */
export function StormCellPopup({ cell, warnings = [], onShowWarnings, timeZone }: StormCellPopupProps) {
  const flags = [
    cell.Flags.Tvs && 'TVS',
    cell.Flags.Meso && 'Mesocyclone',
    cell.Flags.SevereHail && 'Severe Hail',
    cell.Flags.Hail && 'Hail',
  ].filter(Boolean);
  return (
    <Box>
      <Title>{cell.Type || 'Storm Cell'}</Title>
      <Row
        label="Movement"
        value={`${compass16(cell.Movement.Heading.value)} at ${mph(cell.Movement.Speed.value)}`}
      />
      <Row label="Hail Chance" value={`${formatValue(cell.Hail.Chance.value, 0)}%`} />
      <Row label="Severe Hail Chance" value={`${formatValue(cell.Hail.ChanceOfSevere.value, 0)}%`} />
      <Row label="Max Reflectivity" value={`${formatValue(cell.MaxReflectivity.value, 0)} dBZ`} />
      <Row label="Height" value={`${formatValue(cell.Height.value, 0)} ft`} />
      <Row label="Top" value={`${formatValue(cell.Top.value, 0)} ft`} />
      <Row label="VIL" value={`${formatValue(cell.Vil.value, 0)} kg/m²`} />
      <Row label="Flags" value={flags.length ? flags.join(', ') : 'None'} />
      <Row label="Issued" value={time(cell.IssueTime, timeZone)} />
      {warnings.length > 0 && onShowWarnings && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Inside {[...new Set(warnings.map((w) => w.Event))].join(', ')}
          </Typography>
          <Button size="small" onClick={onShowWarnings} sx={{ mt: 0.5, px: 0 }}>
            Show weather alerts here
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** A tropical forecast point: time, category and winds (m/s shown as mph). */
export function TropicalPointPopup({ point, timeZone }: { point: TropicalPointProperties } & Zoned) {
  return (
    <Box>
      <Title>{point.name}</Title>
      <Row label="Time" value={time(point.time, timeZone)} />
      <Row label="Category" value={point.category} />
      <Row label="Max Sustained Wind" value={mph(point.maxSustainedMs)} />
      <Row label="Gust" value={mph(point.gustMs)} />
    </Box>
  );
}

/** Weather alerts at a clicked point; null while loading. */
export function AlertsPopup({ alerts, timeZone }: { alerts: TNwsAlertProperties[] | null } & Zoned) {
  if (alerts === null) return <CircularProgress size={20} aria-label="Loading alerts" />;
  return (
    <Box>
      <Title>Weather Alerts</Title>
      {alerts.length === 0 && <Typography variant="body2">No alerts at this point</Typography>}
      {alerts.map((a) => (
        <Box key={a.Identifier} sx={{ borderLeft: `4px solid ${a.Color}`, pl: 1, mb: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {a.Event}
          </Typography>
          <Typography variant="body2">{a.Headline}</Typography>
          <Typography variant="caption" color="text.secondary">
            Expires: {time(a.Expires, timeZone)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The NWS alert hover tooltip: event and headline. */
export function NwsAlertTooltip({ alert }: { alert: Pick<TNwsAlertProperties, 'Event' | 'Headline'> }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {alert.Event}
      </Typography>
      <Typography variant="caption">{alert.Headline}</Typography>
    </Box>
  );
}

function measure(m: { value: number | null; unit: string } | undefined, decimals = 0): string {
  if (!m || m.value === null) return MISSING_VALUE;
  return `${formatValue(m.value, decimals)} ${m.unit}`;
}

export interface StationPopupProps {
  preferred: boolean;
  onPreferredChange(preferred: boolean): void;
  observation: TPointObservation | undefined;
  isLoading: boolean;
  isError: boolean;
  timeZone?: string;
}

/** The station observation at a clicked point, with the METAR / Preferred toggle. */
export function StationPopup({
  preferred,
  onPreferredChange,
  observation,
  isLoading,
  isError,
  timeZone,
}: StationPopupProps) {
  const station = preferred
    ? (observation?.weatherStation?.name ?? observation?.metarStation?.name)
    : (observation?.metarStation?.name ?? observation?.weatherStation?.name);
  const data = observation?.data;
  return (
    <Box sx={{ minWidth: 220 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preferred ? 'preferred' : 'metar'}
        onChange={(_e, v: string | null) => v && onPreferredChange(v === 'preferred')}
        aria-label="Station source"
        sx={{ mb: 1 }}
      >
        <ToggleButton value="metar">METAR</ToggleButton>
        <ToggleButton value="preferred">Preferred</ToggleButton>
      </ToggleButtonGroup>
      {isLoading && <CircularProgress size={20} aria-label="Loading observation" />}
      {isError && <Typography variant="body2">No data is available for this location.</Typography>}
      {!isLoading && !isError && (
        <>
          <Title>{station ?? 'Observation'}</Title>
          {data ? (
            <>
              <Row label="Temperature" value={measure(data.ambientTemperature)} />
              <Row label="Feels Like" value={measure(data.feelLike)} />
              <Row label="WBGT" value={measure(data.wgbt, 1)} />
              <Row label="Wind" value={`${data.windDirection ?? MISSING_VALUE} ${measure(data.windSpeed)}`} />
              <Row label="Gust" value={measure(data.windGust)} />
              <Row label="Humidity" value={measure(data.relativeHumidity)} />
              <Row label="Precipitation" value={measure(data.precipitation, 2)} />
              <Row label="Observed" value={time(data.observationTime, timeZone)} />
            </>
          ) : (
            <Typography variant="body2">No data is available for this location.</Typography>
          )}
        </>
      )}
    </Box>
  );
}
