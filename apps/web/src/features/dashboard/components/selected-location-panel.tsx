// The selected location (spec 01 §2 'Selected-location panel', spec 02 §2.2): station image, station name,
// 'Image updated {n} min ago', the full-screen viewer on desktop only, the edit-location entry, the muted icon
// and the threat badge.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EditLocationAltOutlined from '@mui/icons-material/EditLocationAltOutlined';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import type { TLocation } from '@allclear/contracts';
import { elapsedTimeText, isSilenced, SILENCED_TOOLTIP } from '@allclear/domain';
import { ImageViewer } from '../../../components/image-viewer/image-viewer.tsx';
import { StaleBadge } from '../../../components/stale/stale-badge.tsx';
import { useObservation } from '../api/get-observation.ts';
import { cacheBustedImageUrl, useStationImageLastModified } from '../api/get-weather-station.ts';
import { useNow } from '../hooks/use-now.ts';
import { useDashboardStore } from '../stores/dashboard-store.ts';
import { StationImage } from './station-image.tsx';
import { ThreatBadge } from './threat-badge.tsx';

/** The selected location's title row and station image. */
export function SelectedLocationPanel({
  location,
  onEdit,
}: {
  location: TLocation;
  onEdit: (location: TLocation) => void;
}) {
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const threats = useDashboardStore((s) => s.severeLocations[String(location.id)]) ?? [];
  const observation = useObservation(location.id);
  const station = observation.data?.weatherStation ?? null;
  const imageStamp = useStationImageLastModified(station?.imageUrl ? station.id : null);
  const lastModified = imageStamp.data?.lastModified ?? null;
  const now = useNow(30_000);
  const [viewing, setViewing] = useState(false);

  return (
    <Box
      component="section"
      aria-label="Selected location"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
        <Typography variant="h5" component="h2" noWrap title={location.label} sx={{ minWidth: 0 }}>
          {location.label}
        </Typography>
        {isSilenced(location.flags) ? (
          <Tooltip title={SILENCED_TOOLTIP}>
            <NotificationsOffOutlined
              color="action"
              aria-label={SILENCED_TOOLTIP}
              data-testid="silenced-icon"
            />
          </Tooltip>
        ) : null}
        <Box data-testid="selected-threats">
          <ThreatBadge threats={threats} />
        </Box>
        <StaleBadge queries={[observation, imageStamp]} />
        <Box sx={{ flexGrow: 1 }} />
        {/* offered only where the caller's abilities (the server's location policy) allow the edit */}
        {location.abilities.edit ? (
          <Button size="small" startIcon={<EditLocationAltOutlined />} onClick={() => onEdit(location)}>
            Edit Location
          </Button>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap title={location.locationName}>
        {location.locationName}
      </Typography>
      {station?.imageUrl ? (
        <Box sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden' }}>
          <StationImage
            imageUrl={station.imageUrl}
            stamp={lastModified}
            alt={`${station.name} sky image`}
            height={180}
          />
          {desktop ? (
            <IconButton
              aria-label="Expand image"
              onClick={() => setViewing(true)}
              sx={{
                position: 'absolute',
                top: 8,
                right: 8,
                bgcolor: 'rgba(0,0,0,0.45)',
                color: 'common.white',
                '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' },
              }}
            >
              <FullscreenIcon />
            </IconButton>
          ) : null}
          <Box sx={{ px: 1, py: 0.5, bgcolor: 'background.paper' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {station.name}
            </Typography>
            {lastModified ? (
              <Typography
                variant="caption"
                color="text.secondary"
              >{`Image updated ${elapsedTimeText(Date.parse(lastModified), now)}`}</Typography>
            ) : null}
          </Box>
          {desktop ? (
            <ImageViewer
              open={viewing}
              src={cacheBustedImageUrl(station.imageUrl, lastModified ?? 0)}
              alt={`${station.name} sky image`}
              onClose={() => setViewing(false)}
            />
          ) : null}
        </Box>
      ) : station ? (
        <Box>
          <StationImage imageUrl={null} stamp={null} alt="" height={120} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {station.name}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
