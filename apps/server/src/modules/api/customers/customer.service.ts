// Customers (spec 01 §7 'Customers', spec 03 §3 'Customer'): each caller reads their own customer; a Super Admin
// (a reach of every customer under the customer policy) reads them all.
import type { TCustomer } from '@allclear/contracts';
import { customerPolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import type { ReadCache } from '../../../platform/read-cache.ts';
import { Prepared } from '../../../platform/route.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import { READ_TTL_MS, readTags } from '../../shared/read-tags.ts';
import { presentCustomer } from './customer.presenter.ts';
import type { CustomerRepository } from './customer.repository.ts';

export class CustomerService {
  constructor(
    private readonly repo: CustomerRepository,
    private readonly cache: ReadCache,
  ) {}

  /** `GET Customer`: every customer for a caller who reaches them all, else their own. */
  async list(p: Principal): Promise<TCustomer[]> {
    if (authorizeAction(p, 'customer', 'view') === 'all')
      return (await this.repo.list()).map(presentCustomer);
    const own = await this.repo.findById(p.customerId);
    return own ? [presentCustomer(own)] : [];
  }

  /**
   * `GET Customer/{id}`: 404 for a customer the caller may not read. The row and its answer are kept READ_TTL_MS (no
   * call edits a customer yet) or until something of the customer changes; the policy decides every request.
   */
  async get(p: Principal, id: number): Promise<Prepared<TCustomer>> {
    const found = await this.cache.get(`customer:${id}`, READ_TTL_MS, [readTags.customer(id)], async () => {
      const row = await this.repo.findById(id);
      return row && { row, answer: new Prepared(presentCustomer(row)) };
    });
    authorize(p, customerPolicy, 'view', found?.row, 'Customer');
    return found!.answer;
  }
}
