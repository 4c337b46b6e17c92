// Test support for database outages (issue 21): a database handle that can be made to refuse every call,
// as node-postgres does while the server is down (connect ECONNREFUSED).
import type { DatabaseHandle } from '../../db/client.ts';

export interface FlakyDatabase {
  handle: DatabaseHandle;
  /** From now on every call fails (queries already running finish). */
  down(): void;
  up(): void;
  readonly isDown: boolean;
}

/** The error node-postgres gives while the server does not accept connections. */
export function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/** Wraps `db` so that, while down, every query, transaction and statement builder call fails. */
export function flakyDatabase(db: DatabaseHandle): FlakyDatabase {
  let isDown = false;
  const refuse = () => {
    throw connectionRefused();
  };
  const drizzle = new Proxy(db.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (isDown) {
          // a transaction answers with a rejected promise, as the driver does; builders fail when built
          if (prop === 'transaction' || prop === 'execute') return Promise.reject(connectionRefused());
          refuse();
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const handle: DatabaseHandle = {
    ...db,
    db: drizzle,
    exec: (sql) => (isDown ? Promise.reject(connectionRefused()) : db.exec(sql)),
    query: (sql, params) => (isDown ? Promise.reject(connectionRefused()) : db.query(sql, params)),
  };
  return {
    handle,
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    get isDown() {
      return isDown;
    },
  };
}
