// Who may see and operate on-site hardware and send or store PA messages (spec 02 §2.5, §2.12, §6 'Hardware
// page', 'Send PA Message', 'Customer (basic): cannot edit ... hardware settings'). Hardware has no user group,
// so an Assistant Admin reaches the whole customer's.
import { matrixPolicy, type CustomerRow } from './entity-policy.ts';

export const HARDWARE_ACTIONS = ['view', 'manage', 'sendPa'] as const;
export type HardwareAction = (typeof HARDWARE_ACTIONS)[number];

/** Sending PA is a button of the Hardware page: it needs the page (see 'view') and pa.full_access. */
export const hardwarePolicy = matrixPolicy('hardware', HARDWARE_ACTIONS, {
  see: 'view',
  scope: (row: CustomerRow) => ({ customerId: row.customerId }),
});

export const PA_MESSAGE_ACTIONS = ['view', 'change'] as const;
export type PaMessageAction = (typeof PA_MESSAGE_ACTIONS)[number];

export const paMessagePolicy = matrixPolicy('paMessage', PA_MESSAGE_ACTIONS, {
  see: 'view',
  scope: (row: CustomerRow) => ({ customerId: row.customerId }),
});
