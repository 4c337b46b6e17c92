// Customer (spec 03 §3 'Customer') with its features (spec 01 §3 'Customer feature').
import { z } from 'zod';

export const ZCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  created: z.string(),
  companyType: z.string().nullable(),
  banner: z.string().nullable(),
  liveStreamMinutes: z.number().int(),
  features: z.array(z.number().int()),
});
export type TCustomer = z.infer<typeof ZCustomer>;
