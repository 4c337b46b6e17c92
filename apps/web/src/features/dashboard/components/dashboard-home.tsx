// Home (/): the dashboard for the selected location (spec 01 §2 'Dashboard', spec 02 §2.2–2.4). The selection is
// in the URL (?location=id) and the dashboard store; each panel loads, fails and empties on its own.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import RadarOutlined from '@mui/icons-material/RadarOutlined';
import { countSevereLocations } from '@allclear/domain';
import type { TLocation } from '@allclear/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { useLocations } from '../api/get-locations.ts';
import { useObservation } from '../api/get-observation.ts';
import { useLightningStream } from '../hooks/use-lightning-stream.ts';
import { useSevereTracking } from '../hooks/use-severe-tracking.ts';
import { placeTimeZone } from '../../../lib/local-time.ts';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { ActiveWarnings, ALERTS_FAILURE_TEXT } from './active-warnings.tsx';
import { ConditionsTimeline, TIMELINE_FAILURE_TEXT } from './conditions-timeline.tsx';
import { CONDITIONS_CRASH_TEXT, CurrentConditions } from './current-conditions.tsx';
import { DashboardHeader } from './dashboard-header.tsx';
import { ForecastBreakdown, FORECAST_FAILURE_TEXT } from './forecast-breakdown.tsx';
import { LightningStatus, LIGHTNING_CRASH_TEXT } from './lightning-status.tsx';
import { LocationCardStrip } from './location-card-strip.tsx';
import { PanelBoundary } from './panel.tsx';
import { PolicyRisks, POLICY_RISKS_TEXTS } from './policy-risks.tsx';
import { SelectedLocationPanel } from './selected-location-panel.tsx';
import { AirQualityCard, useLocationAirQuality } from '../../air-quality/index.ts';
import { HeatStressCard, useWorkRestProfile } from '../../heat-stress/index.ts';
import { useLocationModal, ZonesPolicyNotice } from '../../locations/index.ts';
const WeatherMap = lazy(() =>
  import('../../../components/map/weather-map.tsx').then((m) => ({ default: m.WeatherMap })),
);

/** Crash text of the optional cards without their own (spec 02 §8 'Air quality'). */
const AIR_QUALITY_CRASH_TEXT = "Your AQI data is taking a breather. Hang tight and we'll be back soon!";
/** Zoom of the dashboard map on the selected location. */
const DASHBOARD_MAP_ZOOM = 8;

/**
 * Column template of the first card row: current conditions and lightning always, then the optional heat stress,
 * air quality and timeline cards; the fixed cards widen when fewer optional cards show (spec 02 §2.2).
 */
export function cardSpans(optionalCount: number): {
  conditions: number;
  lightning: number;
  optional: number;
} {
  // On a 12-column row: with no optional card the two fixed cards share it; with one, all three fit; with
  // two or three, the fixed cards take the first row and the optional ones share the second, so no card
  // is narrower than a third of the row (the lightning zones and the timeline need the room).
  if (optionalCount === 0) return { conditions: 7, lightning: 5, optional: 12 };
  if (optionalCount === 1) return { conditions: 4, lightning: 5, optional: 3 };
  return { conditions: 6, lightning: 6, optional: 12 / optionalCount };
}

function StateMessage({
  icon,
  title,
  detail,
  action,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  action?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', color: 'text.secondary' }}>
      <Box sx={{ fontSize: 40, mb: 1, '& svg': { fontSize: 'inherit' } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h6" component="h2" color="text.primary">
        {title}
      </Typography>
      <Typography>{detail}</Typography>
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Paper>
  );
}

function LocationDashboard({ location }: { location: TLocation }) {
  useSevereTracking(location.id);
  const observation = useObservation(location.id);
  const workRest = useWorkRestProfile(location.organizationLocationId);
  const airQuality = useLocationAirQuality(location.id);
  const showHeat = location.organizationLocationId !== null && Boolean(workRest.data);
  const timeZone = placeTimeZone(location);
  // Once the call has failed the card stays, with its fallback: the card's own refetch on mount puts a query
  // without data back to 'pending', and with isError the card unmounted, refetched and remounted in a loop.
  const showAir = (airQuality.data?.length ?? 0) > 0 || (airQuality.errorUpdatedAt > 0 && !airQuality.data);
  const showTimeline = (observation.data?.weatherStation?.type ?? 0) > 0;
  const optional = [showHeat, showAir, showTimeline].filter(Boolean).length;
  const spans = cardSpans(optional);
  const key = location.id;
  const cardSkeleton = <Skeleton variant="rounded" height={220} />;

  return (
    // one column no wider than the page: a panel's widest row (a storm's row of warning tabs) scrolls inside it
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PanelBoundary fallback={ALERTS_FAILURE_TEXT} resetKey={key}>
        <ActiveWarnings locationId={location.id} label={location.label} timeZone={timeZone} />
      </PanelBoundary>
      <Box
        data-testid="card-row"
        data-optional-cards={optional}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(12, minmax(0, 1fr))',
          },
          '& > [data-card="conditions"]': { gridColumn: { lg: `span ${spans.conditions}` } },
          '& > [data-card="lightning"]': { gridColumn: { lg: `span ${spans.lightning}` } },
          '& > [data-card="optional"]': { gridColumn: { lg: `span ${spans.optional}` } },
        }}
      >
        <Box data-card="conditions" sx={{ minWidth: 0, display: 'grid' }}>
          <PanelBoundary fallback={CONDITIONS_CRASH_TEXT} resetKey={key}>
            <CurrentConditions locationId={location.id} timeZone={timeZone} />
          </PanelBoundary>
        </Box>
        <Box data-card="lightning" sx={{ minWidth: 0, display: 'grid' }}>
          <PanelBoundary fallback={LIGHTNING_CRASH_TEXT} resetKey={key}>
            <LightningStatus
              locationId={location.id}
              timeZone={timeZone}
              notice={<ZonesPolicyNotice zonesInForce={location.zonesInForce} />}
            />
          </PanelBoundary>
        </Box>
        {showHeat ? (
          <Box data-card="optional" sx={{ minWidth: 0, display: 'grid' }}>
            <PanelBoundary fallback="No data is available for this location." resetKey={key}>
              <Suspense fallback={cardSkeleton}>
                <HeatStressCard
                  locationId={location.id}
                  organizationLocationId={location.organizationLocationId!}
                  timeZone={timeZone}
                />
              </Suspense>
            </PanelBoundary>
          </Box>
        ) : null}
        {showAir ? (
          <Box data-card="optional" sx={{ minWidth: 0, display: 'grid' }}>
            <PanelBoundary fallback={AIR_QUALITY_CRASH_TEXT} resetKey={key}>
              <Suspense fallback={cardSkeleton}>
                <AirQualityCard locationId={location.id} />
              </Suspense>
            </PanelBoundary>
          </Box>
        ) : null}
        {showTimeline ? (
          <Box data-card="optional" sx={{ minWidth: 0, display: 'grid' }}>
            <PanelBoundary fallback={TIMELINE_FAILURE_TEXT} resetKey={key}>
              <ConditionsTimeline locationId={location.id} timeZone={timeZone} />
            </PanelBoundary>
          </Box>
        ) : null}
      </Box>
      <PanelBoundary fallback={FORECAST_FAILURE_TEXT} resetKey={key}>
        <ForecastBreakdown locationId={location.id} timeZone={timeZone} />
      </PanelBoundary>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
        }}
      >
        <PanelBoundary fallback={POLICY_RISKS_TEXTS.error} resetKey={key}>
          <PolicyRisks locationId={location.id} timeZone={timeZone} />
        </PanelBoundary>
        <Paper
          variant="outlined"
          component="section"
          aria-label="Map"
          sx={{ height: { xs: 400, md: 480 }, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
            <Typography variant="h6" component="h2">
              Map
            </Typography>
            <Button
              component={RouterLink}
              to={`/LiveRadar?location=${location.id}`}
              size="small"
              startIcon={<RadarOutlined />}
            >
              Live Radar
            </Button>
          </Box>
          <ZonesPolicyNotice zonesInForce={location.zonesInForce} sx={{ mx: 2, mb: 1 }} />
          <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
            <Suspense fallback={<Skeleton variant="rectangular" height="100%" />}>
              <WeatherMap
                label="Dashboard map"
                initialView={{
                  latitude: location.latitude,
                  longitude: location.longitude,
                  zoom: DASHBOARD_MAP_ZOOM,
                }}
                view={{
                  latitude: location.latitude,
                  longitude: location.longitude,
                  zoom: DASHBOARD_MAP_ZOOM,
                }}
                location={location}
              />
            </Suspense>
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}

/** The home screen. */
/** The locations list's error toast (spec 02 §8): the server's responseException message, else the spec's text. */
export const LOCATIONS_FAILURE_TOAST = 'Failed To Get Locations';

/** Opens the error toast once per failed fetch of the locations list (errorUpdatedAt changes on each failure). */
function useLocationsFailureToast(error: Error | null, errorUpdatedAt: number) {
  const openToast = useToastStore((s) => s.open);
  useEffect(() => {
    if (!error) return;
    const header = (error instanceof ApiError && error.serverMessage) || LOCATIONS_FAILURE_TOAST;
    openToast({ variant: 'error', header });
  }, [error, errorUpdatedAt, openToast]);
}

export default function DashboardHome() {
  useLightningStream();
  const locations = useLocations();
  useLocationsFailureToast(locations.error, locations.errorUpdatedAt);
  const [params, setParams] = useSearchParams();
  const severe = useDashboardStore((s) => s.severeLocations);
  const storedSelection = useDashboardStore((s) => s.selectedLocation);
  const selectLocation = useDashboardStore((s) => s.selectLocation);
  const editLocation = useDashboardStore((s) => s.editLocation);
  const modal = useLocationModal();
  const today = dayjs();

  const list = locations.data ?? [];
  const fromUrl = Number(params.get('location')) || null;
  const selected =
    list.find((l) => l.id === fromUrl) ?? list.find((l) => l.id === storedSelection) ?? list[0] ?? null;

  useEffect(() => {
    if (selected && selected.id !== storedSelection) selectLocation(selected.id);
  }, [selected, storedSelection, selectLocation]);

  const select = (id: number) => {
    selectLocation(id);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('location', String(id));
      return next;
    });
  };
  const edit = (location: TLocation) => {
    editLocation(location);
    modal.openEdit(location);
  };
  const addAction = (
    <Button variant="contained" startIcon={<AddLocationAltOutlined />} onClick={modal.openAdd}>
      Add Location
    </Button>
  );

  let content: ReactNode;
  let banner: number | 'none' | null = null;
  if (locations.isPending) {
    content = (
      <Box
        role="progressbar"
        aria-busy="true"
        aria-label="Loading locations"
        sx={{ display: 'grid', gap: 2 }}
      >
        <Skeleton variant="rounded" height={160} />
        <Skeleton variant="rounded" height={280} />
      </Box>
    );
  } else if (locations.isError && !locations.data) {
    content = (
      <StateMessage
        icon={<CloudOffOutlined />}
        title="Problem retrieving locations"
        detail="Check internet connection."
      />
    );
  } else if (list.length === 0 || !selected) {
    banner = 'none';
    content = (
      <StateMessage
        icon={<PlaceOutlined />}
        title="You don't have any locations added"
        detail="Add a location to continue."
        action={addAction}
      />
    );
  } else {
    banner = countSevereLocations(severe);
    content = (
      <Box sx={{ display: 'grid', gap: 2, minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <LocationCardStrip locations={list} selectedId={selected.id} onSelect={select} />
        <SelectedLocationPanel location={selected} onEdit={edit} />
        <LocationDashboard key={selected.id} location={selected} />
      </Box>
    );
  }

  return (
    <>
      <DashboardHeader today={today} warningCount={banner} action={list.length > 0 ? addAction : undefined} />
      {content}
      {modal.modal}
    </>
  );
}
