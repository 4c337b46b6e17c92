// The heat-stress feature's public edge (spec 02 §2.4): the profile queries and the card, which loads (with its
// modal and chart) as its own chunk on first show.
import { lazy } from 'react';

export { useWorkRestProfile, getWorkRestProfileQueryOptions } from './api/get-work-rest.ts';
export { useRiskProfile, getRiskProfileQueryOptions } from './api/get-risk-profile.ts';

/** The Heat Stress card (lazy): props `locationId`, `organizationLocationId`, `timeZone` (the location's). */
export const HeatStressCard = lazy(() =>
  import('./components/heat-stress-card.tsx').then((m) => ({ default: m.HeatStressCard })),
);
