// Live Radar (spec 01 §2 'Live Radar page'): header 'Live Radar' and a full-size map, centred on the Dallas area at
// zoom 8 by default and recentred at zoom 8 on the selected location. The selection is in the URL (?location=id)
// so a link or a reload keeps it (STYLE.md 'State').
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { WeatherMap } from '../../../components/map/weather-map.tsx';
import { useMapLocations } from '../../../components/map/api/get-map-locations.ts';
import { CENTRE_ZOOM, DALLAS_VIEW } from '../../../components/map/map-constants.ts';
import { ZonesPolicyNotice } from '../../locations/index.ts';

/** The Live Radar screen. */
export default function LiveRadarPage() {
  const [params, setParams] = useSearchParams();
  const locations = useMapLocations();
  const selectedId = Number(params.get('location')) || null;
  const selected = locations.data?.find((l) => l.id === selectedId) ?? null;
  const view = selected
    ? { latitude: selected.latitude, longitude: selected.longitude, zoom: CENTRE_ZOOM }
    : null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Live Radar
        </Typography>
        <TextField
          select
          size="small"
          label="Location"
          value={selected ? String(selected.id) : ''}
          onChange={(e) => setParams(e.target.value ? { location: e.target.value } : {}, { replace: true })}
          sx={{ minWidth: 220 }}
          disabled={!locations.data?.length}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {(locations.data ?? []).map((l) => (
            <MenuItem key={l.id} value={String(l.id)}>
              {l.label}
            </MenuItem>
          ))}
        </TextField>
        <ZonesPolicyNotice zonesInForce={selected?.zonesInForce} sx={{ flexBasis: '100%' }} />
      </Box>
      <Box sx={{ height: { xs: 'calc(100dvh - 330px)', md: 'calc(100dvh - 270px)' }, minHeight: 420 }}>
        <WeatherMap
          label="Live Radar map"
          initialView={view ?? DALLAS_VIEW}
          view={view}
          location={selected}
          onLocationSelect={(l) => setParams({ location: String(l.id) }, { replace: true })}
        />
      </Box>
    </Box>
  );
}
