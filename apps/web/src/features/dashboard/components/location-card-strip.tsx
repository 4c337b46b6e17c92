// The strip of location cards (spec 01 §2 'Dashboard'): 240 px cards excluding the selected location, a 200 ms
// fade-in stagger, scroll arrows hidden on small screens, and the strip scrolled to the start on a new selection.
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import type { TLocation } from '@allclear/contracts';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { useAdvisories } from '../api/get-advisories.ts';
import { useLocationDelay } from '../api/get-lightning.ts';
import { useObservation } from '../api/get-observation.ts';
import { usePolicyWarnings } from '../api/get-policy-warnings.ts';
import { useStationImageLastModified } from '../api/get-weather-station.ts';
import { useSevereTracking } from '../hooks/use-severe-tracking.ts';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { StationImage } from './station-image.tsx';
import { ThreatBadge } from './threat-badge.tsx';

/** Card width and fade-in stagger (spec 01 §9). */
export const CARD_WIDTH_PX = 240;
export const CARD_STAGGER_MS = 200;

const fadeIn = keyframes`from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; }`;

function LocationCard({
  location,
  index,
  onSelect,
}: {
  location: TLocation;
  index: number;
  onSelect: (id: number) => void;
}) {
  useSevereTracking(location.id);
  const threats = useDashboardStore((s) => s.severeLocations[String(location.id)]) ?? [];
  const observation = useObservation(location.id);
  const station = observation.data?.weatherStation ?? null;
  const lastModified = useStationImageLastModified(station?.imageUrl ? station.id : null).data?.lastModified;
  // the queries behind the card's badge (read through the same cache as useSevereTracking)
  const delay = useLocationDelay(location.id);
  const advisories = useAdvisories(location.id);
  const warnings = usePolicyWarnings(location.id);
  return (
    <Card
      component="li"
      aria-label={location.label}
      variant="outlined"
      sx={{
        width: CARD_WIDTH_PX,
        flexShrink: 0,
        animation: `${fadeIn} 300ms ease-out both`,
        animationDelay: `${index * CARD_STAGGER_MS}ms`,
        position: 'relative',
      }}
    >
      <CardActionArea onClick={() => onSelect(location.id)}>
        <StationImage
          imageUrl={station?.imageUrl}
          stamp={lastModified}
          alt={`${location.label} station image`}
          height={120}
        />
        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <ThreatBadge threats={threats} />
        </Box>
        <Typography
          variant="subtitle1"
          component="h3"
          noWrap
          title={location.label}
          sx={{ px: 1.5, py: 1, fontWeight: 600 }}
        >
          {location.label}
        </Typography>
        <StaleBadge queries={[delay, advisories, warnings, observation]} sx={{ mx: 1.5, mb: 1 }} />
      </CardActionArea>
    </Card>
  );
}

/** The card strip; selecting a card makes it the dashboard's location. */
export function LocationCardStrip({
  locations,
  selectedId,
  onSelect,
}: {
  locations: readonly TLocation[];
  selectedId: number;
  onSelect: (id: number) => void;
}) {
  const scroller = useRef<HTMLUListElement>(null);
  const others = locations.filter((l) => l.id !== selectedId);

  useEffect(() => {
    scroller.current?.scrollTo?.({ left: 0 });
  }, [selectedId]);

  if (others.length === 0) return null;
  const arrow = { display: { xs: 'none', md: 'inline-flex' }, alignSelf: 'center' } as const;
  return (
    <Box sx={{ display: 'flex', alignItems: 'stretch', gap: 0.5, minWidth: 0 }}>
      <IconButton
        aria-label="Scroll locations left"
        sx={arrow}
        onClick={() => scroller.current?.scrollBy?.({ left: -CARD_WIDTH_PX, behavior: 'smooth' })}
      >
        <ChevronLeft />
      </IconButton>
      <Box
        component="ul"
        ref={scroller}
        aria-label="Your locations"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0.5,
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          flex: 1,
          minWidth: 0,
          scrollSnapType: 'x proximity',
        }}
      >
        {others.map((l, i) => (
          <LocationCard key={l.id} location={l} index={i} onSelect={onSelect} />
        ))}
      </Box>
      <IconButton
        aria-label="Scroll locations right"
        sx={arrow}
        onClick={() => scroller.current?.scrollBy?.({ left: CARD_WIDTH_PX, behavior: 'smooth' })}
      >
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
