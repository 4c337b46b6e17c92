// Proactive forecasts (spec 01 §3 'Proactive forecast'): a customer's messages are read by its users; a
// location's forecasts read through the location's 'view'; writing one has no row:
// reachFor(p, 'proactiveForecast', 'create').
import { matrixPolicy, type CustomerRow } from './entity-policy.ts';

export const proactiveForecastPolicy = matrixPolicy('proactiveForecast', ['view'] as const, {
  see: 'view',
  scope: (row: CustomerRow) => ({ customerId: row.customerId }),
});
