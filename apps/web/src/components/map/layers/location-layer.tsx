// The location marker and its radius rings (spec 01 §2 'Map'): red, amber, green, blue geodesic circles; the radius
// label shows above zoom 7. Labels are HTML markers because the offline styles serve no glyphs. The rings are the
// zones in force (the API's zonesInForce: the saved radii under the organisation's LR policies, spec 01 §4 'Policy
// lock'), the zones the engine watches, never the saved radii (issue 20).
import type * as GeoJSON from 'geojson';
import type { TZonesInForce } from '@allclear/contracts';
import Box from '@mui/material/Box';
import Place from '@mui/icons-material/Place';
import { useMemo } from 'react';
import { Layer, Marker, Source } from '../maplibre.ts';
import { radiusRingsGeoJson } from '../map-geometry.ts';
import { RING_LABEL_MIN_ZOOM } from '../map-constants.ts';
import { zoneCss } from '../../../lib/zone-colours.ts';

/** What the map needs of a location. */
export interface MapLocation {
  id: number;
  label: string;
  latitude: number;
  longitude: number;
  /** The zones in force as the API serves them with the location. */
  zonesInForce: Pick<TZonesInForce, 'radii'>;
}

/** The selected location with its rings. */
export function LocationLayer({ location, zoom }: { location: MapLocation; zoom: number }) {
  const { latitude, longitude } = location;
  // the radii by value: a refetch with the same zones keeps the source data
  const radiiKey = location.zonesInForce.radii.join(',');
  const rings = useMemo(
    () => radiusRingsGeoJson({ latitude, longitude }, radiiKey.split(',').map(Number)),
    [latitude, longitude, radiiKey],
  );
  const labels = rings.features.filter((f) => f.geometry.type === 'Point');
  return (
    <>
      <Source id="allclear-location-rings" type="geojson" data={rings}>
        <Layer
          id="allclear-location-rings-line"
          type="line"
          filter={['==', ['geometry-type'], 'LineString']}
          paint={{ 'line-color': ['get', 'colour'], 'line-width': 2.5 }}
        />
      </Source>
      {zoom > RING_LABEL_MIN_ZOOM &&
        labels.map((f) => {
          const [lng, lat] = (f.geometry as GeoJSON.Point).coordinates as [number, number];
          return (
            <Marker key={String(f.properties?.zone)} longitude={lng} latitude={lat} anchor="bottom">
              <Box
                component="span"
                data-testid="ring-label"
                sx={{
                  fontSize: 12,
                  fontWeight: 700,
                  px: 0.5,
                  borderRadius: 0.5,
                  // the zone's text shade on an opaque label: AA whatever the map shows under it
                  bgcolor: 'background.paper',
                  color: zoneCss(f.properties?.zone as number),
                }}
              >
                {f.properties?.label as string}
              </Box>
            </Marker>
          );
        })}
      <Marker longitude={location.longitude} latitude={location.latitude} anchor="bottom">
        <Place
          aria-label={location.label}
          sx={{ color: '#c62828', fontSize: 36, filter: 'drop-shadow(0 1px 1px #0008)' }}
        />
      </Marker>
    </>
  );
}

/** Saved-location markers of the master map (spec 01 §2 'master-map toggle'). */
export function SavedLocationsLayer({
  locations,
  onSelect,
}: {
  locations: readonly MapLocation[];
  onSelect?: (location: MapLocation) => void;
}) {
  return (
    <>
      {locations.map((l) => (
        <Marker
          key={l.id}
          longitude={l.longitude}
          latitude={l.latitude}
          anchor="bottom"
          onClick={(e) => {
            e.originalEvent.stopPropagation();
            onSelect?.(l);
          }}
        >
          <Place
            titleAccess={l.label}
            data-testid="saved-location-marker"
            sx={{ color: '#1565c0', fontSize: 28, cursor: onSelect ? 'pointer' : 'default' }}
          />
        </Marker>
      ))}
    </>
  );
}
