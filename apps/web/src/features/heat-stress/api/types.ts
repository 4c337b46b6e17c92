// Shapes of the heat-stress calls (spec 02 §3 'Work/rest profile', 'Risk profile'), as the server's
// modules/api/heat-stress/heat-stress.schemas.ts serves them (to move to @allclear/contracts).

export type HeatStressMetric = 'WBGT' | 'Temperature' | 'Heat Index';

export interface WorkRestProfile {
  id: number;
  name: string;
  primaryMetric: HeatStressMetric;
  useRiskProfile: boolean;
  riskProfileId: number | null;
  durationUnit: string;
  customStopText: string | null;
  customContinuousText: string | null;
  intensities: { id: number; name: string }[];
  /** adjustment in °F. */
  modifiers: { id: number; name: string; adjustment: number }[];
  /** max null = unbounded; workPercent of 60 minutes. */
  matrices: { workRestIntensityId: number; max: number | null; workPercent: number }[];
}

export interface RiskLevelRow {
  id: number;
  name: string;
  max: number;
  color: string;
  colorSecondary: string | null;
  description: string;
  riskProfileId: number;
}

export interface RiskProfile {
  id: number;
  name: string;
  riskLevels: RiskLevelRow[];
}
