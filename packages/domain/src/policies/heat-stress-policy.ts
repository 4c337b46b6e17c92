// Heat-stress profiles (spec 02 §2.4 Heat Stress card). A risk profile is a product default (no customer), which
// every signed-in user reads, or a customer's own. The work/rest profile of an organisation location reads
// through that organisation location's 'view' (organization-location-policy.ts).
import { definePolicy } from './entity-policy.ts';
import { ROLE_MATRIX, decideByMatrix } from './role-matrix.ts';

export interface RiskProfilePolicyRow {
  /** Null for a product default profile. */
  customerId: number | null;
}

export const riskProfilePolicy = definePolicy<'view', RiskProfilePolicyRow>(
  ['view'] as const,
  (p, _action, row) => {
    const rule = ROLE_MATRIX.heatStress.viewRiskProfile;
    if (row.customerId === null) return 'allowed';
    return decideByMatrix(p, rule, rule, { customerId: row.customerId });
  },
);
