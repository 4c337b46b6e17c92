// Current Conditions (spec 01 §2): loading skeleton, error/empty texts, every measure with its unit, the compass
// text, METAR and station names, calibrated rain, the 'scary' flag and the Historical link rule.
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatTemperature, formatValue, MISSING_VALUE, temperaturePolicyType } from '@allclear/domain';
import type { TMeasure, TObservationForLocation } from '@allclear/contracts';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { breachProps, policyColouring, type PolicyColouring } from '../../../lib/policy-colour.ts';
import { useObservation } from '../api/get-observation.ts';
import { useLocationPolicies, type LocationPolicies } from '../api/location-policies.ts';
import { usePolicyWarnings } from '../api/get-policy-warnings.ts';
import { localTime } from '../../../lib/local-time.ts';
import { Panel, PanelMessage } from './panel.tsx';
import { WbgtDial } from './wbgt-dial.tsx';
import { WeatherIcon } from './weather-icon.tsx';
import { WindArrow } from './wind-arrow.tsx';

/** Crash text of the panel (spec 01 §8). */
export const CONDITIONS_CRASH_TEXT =
  'Your current conditions timeline is feeling under the weather. Try again shortly.';

/** The Historical link shows only with canViewHistorical, no error, no fetch running and station type other than 0 (spec 01 §2 'Routes'). */
export function showsHistoricalLink(
  observation: TObservationForLocation | undefined,
  isError: boolean,
  isFetching: boolean,
): boolean {
  return Boolean(
    observation?.canViewHistorical &&
    !isError &&
    !isFetching &&
    observation.weatherStation &&
    observation.weatherStation.type !== 0,
  );
}

/** Path of a station's historical page: /Historical/{weatherStationId}/{encodedImageUrl} (spec 01 §2). */
export function historicalPath(stationId: number, imageUrl: string | null): string {
  return `/Historical/${stationId}/${encodeURIComponent(imageUrl ?? '')}`;
}

function measureText(m: TMeasure | undefined, decimals: number | 'temperature'): string {
  if (!m || m.value === null) return MISSING_VALUE;
  const text = decimals === 'temperature' ? formatTemperature(m.value) : formatValue(m.value, decimals);
  return `${text} ${m.unit}`;
}

/** The PM2.5 NowCast with its short description, '-- N/A' when missing (spec 01 §2 'Air quality gauge', §8). */
export function airQualityText(
  nowCast: { value: number | null; shortDescription: string | null } | null | undefined,
): string {
  if (!nowCast || nowCast.value === null) return `${MISSING_VALUE} N/A`;
  return `${Math.round(nowCast.value)} ${nowCast.shortDescription ?? 'N/A'}`;
}

/** A measure against the location's policy of `policyType` (spec 01 §5 'Policy comparison'); null without one. */
function measureColouring(
  m: TMeasure | undefined,
  policies: LocationPolicies,
  policyType: string | null,
): PolicyColouring | null {
  if (!m || policyType === null) return null;
  return policyColouring(m.value, policies.get(policyType), m.unit);
}

function Reading({
  label,
  value,
  colouring = null,
}: {
  label: string;
  value: string;
  colouring?: PolicyColouring | null;
}) {
  const breach = breachProps(colouring);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        data-breach={breach['data-breach']}
        sx={{ fontWeight: 500, ...breach.sx }}
        noWrap
        title={value}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The Current Conditions panel of a location. */
export function CurrentConditions({ locationId, timeZone }: { locationId: number; timeZone?: string }) {
  const query = useObservation(locationId);
  const warnings = usePolicyWarnings(locationId);
  const policies = useLocationPolicies(locationId);
  const scary = (warnings.data?.length ?? 0) > 0;
  const observation = query.data;
  const data = observation?.data ?? null;
  const historical = showsHistoricalLink(observation, query.isError, query.isFetching);

  let body;
  if (query.isPending) {
    body = (
      <Box
        role="progressbar"
        aria-busy="true"
        aria-label="Loading current conditions"
        sx={{ display: 'grid', gap: 1 }}
      >
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  } else if ((query.isError && !observation) || !data) {
    body = (
      <PanelMessage
        role="alert"
        title="Unable to load current conditions"
        detail="No data is available for this location."
      />
    );
  } else {
    // Feels-like against the heat-index policy from 65 °F, wind chill below (spec 01 §5).
    const ambient = data.ambientTemperature.value;
    const feelsLikePolicy = ambient === null ? null : temperaturePolicyType(ambient);
    body = (
      <>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <WeatherIcon code={data.weather_code.value} text={data.weather_code.text} sx={{ fontSize: 44 }} />
          <Box sx={{ flex: 1, minWidth: 120 }}>
            <Typography variant="h4" component="p">
              {measureText(data.ambientTemperature, 'temperature')}
            </Typography>
            <Typography color="text.secondary">{data.weather_code.text ?? MISSING_VALUE}</Typography>
          </Box>
          <Box sx={{ textAlign: 'center' }}>
            <WbgtDial
              value={data.wgbt.value}
              unit={data.wgbt.unit}
              colouring={measureColouring(data.wgbt, policies, 'WBGT')}
            />
            <Typography variant="caption" color="text.secondary">
              WBGT
            </Typography>
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 1.5 }}>
          <Reading
            label="Feels Like"
            value={measureText(data.feelLike, 'temperature')}
            colouring={measureColouring(data.feelLike, policies, feelsLikePolicy)}
          />
          <Reading
            label="Precipitation"
            value={measureText(data.precipitation, 2)}
            colouring={measureColouring(data.precipitation, policies, 'PRECIP')}
          />
          <Reading
            label="Wind Speed"
            value={measureText(data.windSpeed, 0)}
            colouring={measureColouring(data.windSpeed, policies, 'WIND')}
          />
          <Reading
            label="Wind Gust"
            value={measureText(data.windGust, 0)}
            colouring={measureColouring(data.windGust, policies, 'GUST')}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary" component="div">
              Wind Direction
            </Typography>
            <Typography sx={{ fontWeight: 500, display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <WindArrow direction={data.windDirection} />
              {data.windDirection ?? MISSING_VALUE}
            </Typography>
          </Box>
          <Reading label="Rain Today" value={measureText(observation?.calibratedData?.rainToday, 2)} />
          <Reading
            label="Air Quality (PM2.5)"
            value={airQualityText(observation?.airQuality.pM2_5?.nowCast)}
          />
        </Box>
        <Typography variant="caption" color="text.secondary" component="div">
          {`Observed ${localTime(data.observationTime, timeZone)}`}
          {observation?.calibratedData?.rainUpdatedTime
            ? ` · Rain updated ${localTime(observation.calibratedData.rainUpdatedTime, timeZone)}`
            : ''}
          {observation?.weatherStation ? ` · Station: ${observation.weatherStation.name}` : ''}
          {observation?.metarStation ? ` · METAR: ${observation.metarStation.name}` : ''}
        </Typography>
      </>
    );
  }

  return (
    <Panel
      title="Current Conditions"
      label="Current Conditions"
      scary={scary}
      action={
        <>
          <StaleBadge queries={[query]} timeZone={timeZone} />
          {historical && observation?.weatherStation ? (
            <Link
              component={RouterLink}
              to={historicalPath(observation.weatherStation.id, observation.weatherStation.imageUrl)}
            >
              Historical
            </Link>
          ) : null}
        </>
      }
    >
      {body}
    </Panel>
  );
}
