// The simulator's scenario API (issue 4): a Super Admin injects strikes and storms into the simulated world,
// which has no customer: the row is the caller's own customer, so only an 'all' reach passes.
import { matrixPolicy, type CustomerRow } from './entity-policy.ts';

export const scenarioPolicy = matrixPolicy('scenario', ['run'] as const, {
  see: 'run',
  scope: (row: CustomerRow) => ({ customerId: row.customerId }),
});
