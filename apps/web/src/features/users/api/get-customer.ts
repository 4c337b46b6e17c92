// GET /api/Customer/{id}: the customer with status, banner and features (spec 03 §3 'Customer').
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCustomer } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

/** Fetches one customer by id. */
export function getCustomer(customerId: number, signal?: AbortSignal): Promise<TCustomer> {
  return call('customerGet', { params: { id: customerId } }, { signal });
}

/** Query options for one customer. */
export function getCustomerQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: ['customer', customerId],
    queryFn: ({ signal }) => getCustomer(customerId, signal),
  });
}

/** The customer with this id; idle while the id is unknown. */
export function useCustomer(customerId: number | undefined) {
  return useQuery({ ...getCustomerQueryOptions(customerId ?? 0), enabled: customerId !== undefined });
}
