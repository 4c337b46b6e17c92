// Customers (spec 01 §7 'Customers', spec 03 §3 'Customer'): each caller reads their own customer; a Super Admin
// (a reach of every customer under the customer policy) reads them all.
import type { TCustomer } from '@allclear/contracts';
import { customerPolicy } from '@allclear/domain';
import type { Principal } from '../../../platform/auth.ts';
import { authorize, authorizeAction } from '../../shared/authorize.ts';
import { presentCustomer } from './customer.presenter.ts';
import type { CustomerRepository } from './customer.repository.ts';

export class CustomerService {
  constructor(private readonly repo: CustomerRepository) {}

  /** `GET Customer`: every customer for a caller who reaches them all, else their own. */
  async list(p: Principal): Promise<TCustomer[]> {
    if (authorizeAction(p, 'customer', 'view') === 'all')
      return (await this.repo.list()).map(presentCustomer);
    const own = await this.repo.findById(p.customerId);
    return own ? [presentCustomer(own)] : [];
  }

  /** `GET Customer/{id}`: 404 for a customer the caller may not read. */
  async get(p: Principal, id: number): Promise<TCustomer> {
    return presentCustomer(authorize(p, customerPolicy, 'view', await this.repo.findById(id), 'Customer'));
  }
}
