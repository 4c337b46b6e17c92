// Policies of the customer-wide features gated by a role and a permission (spec 02 §6, spec 03 §6): Ask a
// Meteorologist, mass notification, reports, broadcast, air quality sensors, live camera, integrations. Their
// rows have no user group, so an Assistant Admin reaches the whole customer's. Each action stands alone (a page
// of its own), so each is also its own 'see' rule.
import { groupsOf, matrixPolicy, type CustomerRow } from './entity-policy.ts';

const customerScope = (row: CustomerRow) => ({ customerId: row.customerId });

/** 'Consultation: support permission and SA, A or AA' (spec 02 §6). */
export const consultationPolicy = matrixPolicy('consultation', ['send'] as const, {
  see: 'each',
  scope: customerScope,
});

/** Mass notify: compose, send, templates and history (spec 03 §6 'Mass notify'). */
export const massMessagePolicy = matrixPolicy('massMessage', ['compose'] as const, {
  see: 'each',
  scope: customerScope,
});

/** A recipient of a mass message (a user or notification user): an Assistant Admin only those of their own site (spec 03 §6). */
export interface RecipientRow {
  customerId: number;
  siteId: number | null;
}
export const massMessageRecipientPolicy = matrixPolicy('massMessage', ['recipients'] as const, {
  see: 'each',
  scope: (row: RecipientRow) => ({ customerId: row.customerId, siteIds: groupsOf(row.siteId) }),
});

/** Report export (spec 03 §6 'needs the historical-report permission'); the row is the stations' customer. */
export const reportPolicy = matrixPolicy('report', ['generate'] as const, {
  see: 'each',
  scope: customerScope,
});

/** Broadcast view (spec 03 §6 'Sidebar entries'). */
export const broadcastPolicy = matrixPolicy('broadcast', ['view'] as const, {
  see: 'each',
  scope: customerScope,
});

/** The customer's air quality sensors (spec 03 §6 'Air Quality'); a location's reading reads through the location's 'view'. */
export const airQualityPolicy = matrixPolicy('airQuality', ['viewSensors'] as const, {
  see: 'each',
  scope: customerScope,
});

/** Live camera and its logs (spec 03 §6 'Widgets and live camera'). */
export const cameraPolicy = matrixPolicy('camera', ['view', 'viewLogs'] as const, {
  see: 'each',
  scope: customerScope,
});

/** Integrations page, Singlewire, its scenario triggers and SSO (spec 03 §6). */
export const integrationPolicy = matrixPolicy(
  'integration',
  ['view', 'singlewire', 'addScenarioTrigger', 'sso'] as const,
  { see: 'each', scope: customerScope },
);
