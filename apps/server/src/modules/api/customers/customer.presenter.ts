// Decides which customer fields leave the server (spec 03 §3 'Customer').
import type { TCustomer } from '@allclear/contracts';
import type { CustomerRow } from './customer.repository.ts';

export function presentCustomer(row: CustomerRow): TCustomer {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    created: row.created.toISOString(),
    companyType: row.companyType,
    banner: row.banner,
    liveStreamMinutes: row.liveStreamMinutes,
    features: row.features,
  };
}
