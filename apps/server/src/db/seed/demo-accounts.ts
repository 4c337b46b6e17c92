// The demo accounts of issue 2 and the DB contract: every role of the demo customer plus one admin of a
// second customer for isolation tests. All share one password.
import type { RoleName } from '@allclear/domain';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'AllClear-demo-1';

/** The demo customer (Dallas–Fort Worth sports and schools). */
export const DEMO_CUSTOMER_NAME = 'North Texas Sports & Schools';
/** The second, smaller customer used to test isolation. */
export const OTHER_CUSTOMER_NAME = 'Other Org';

export interface DemoAccount {
  email: string;
  role: RoleName;
  customer: string;
  firstName: string;
  lastName: string;
}

/** Every demo account that can sign in, in the order they are printed. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'super@demo.allclear.test',
    role: 'Super Admin',
    customer: DEMO_CUSTOMER_NAME,
    firstName: 'Sam',
    lastName: 'Super',
  },
  {
    email: 'admin@demo.allclear.test',
    role: 'Admin',
    customer: DEMO_CUSTOMER_NAME,
    firstName: 'Alex',
    lastName: 'Admin',
  },
  {
    email: 'assistant@demo.allclear.test',
    role: 'Assistant Admin',
    customer: DEMO_CUSTOMER_NAME,
    firstName: 'Avery',
    lastName: 'Assistant',
  },
  {
    email: 'customer@demo.allclear.test',
    role: 'Customer',
    customer: DEMO_CUSTOMER_NAME,
    firstName: 'Casey',
    lastName: 'Coach',
  },
  {
    email: 'admin@other.allclear.test',
    role: 'Admin',
    customer: OTHER_CUSTOMER_NAME,
    firstName: 'Oakley',
    lastName: 'Other',
  },
];
