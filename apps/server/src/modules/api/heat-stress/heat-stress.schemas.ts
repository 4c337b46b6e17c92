// The heat-stress shapes live in @allclear/contracts (heat-stress.ts); this re-export keeps
// heat-stress.service.ts compiling until it imports them from there, then goes.
export type { TRiskProfile, TWorkRestProfile } from '@allclear/contracts';
