// The air-quality feature's public edge: the sensor list, the location's pollutants and the card, which loads
// (with its modal) as its own chunk on first show.
import { lazy } from 'react';

export {
  getAirQualitySensors,
  getAirQualitySensorsQueryOptions,
  useAirQualitySensors,
} from './api/get-air-quality.ts';
export {
  getLocationAirQuality,
  getLocationAirQualityQueryOptions,
  useLocationAirQuality,
} from './api/get-location-air-quality.ts';

/** The Air Quality card (lazy): prop `locationId`. */
export const AirQualityCard = lazy(() =>
  import('./components/air-quality-card.tsx').then((m) => ({ default: m.AirQualityCard })),
);
