// Who may read a customer (spec 03 §3 'Customer', §7 'customer by id'): their own; a Super Admin any.
import { matrixPolicy } from './entity-policy.ts';

export const CUSTOMER_ACTIONS = ['view'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

export interface CustomerPolicyRow {
  id: number;
}

export const customerPolicy = matrixPolicy('customer', CUSTOMER_ACTIONS, {
  see: 'view',
  scope: (row: CustomerPolicyRow) => ({ customerId: row.id }),
});
