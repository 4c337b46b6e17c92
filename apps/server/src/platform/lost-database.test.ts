// Which errors say the database went away (the product waits those out, never ends on them), and what the process does with
// a rejection or an exception nobody caught.
import { describe, expect, it } from 'vitest';
import { createProcessFaults, isLostDatabase } from './lost-database.ts';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });

describe('isLostDatabase', () => {
  it('is true for a server that is down, restarting or shutting down, and for a connection ended under a statement', () => {
    expect(isLostDatabase(withCode('ECONNREFUSED'))).toBe(true);
    expect(isLostDatabase(withCode('57P01'))).toBe(true); // terminating connection due to administrator command
    expect(isLostDatabase(withCode('57P03'))).toBe(true); // the database system is starting up
    expect(isLostDatabase(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isLostDatabase(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
    expect(isLostDatabase(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isLostDatabase(withCode('08006'))).toBe(true); // connection failure
    // drizzle wraps the driver's error as its cause
    expect(isLostDatabase(new Error('Failed query: select 1', { cause: withCode('ECONNRESET') }))).toBe(true);
  });

  it("is false for a statement's own error, a wrong password and anything that is not an error", () => {
    expect(isLostDatabase(withCode('23505'))).toBe(false); // unique violation
    expect(isLostDatabase(withCode('28P01'))).toBe(false); // password authentication failed
    expect(isLostDatabase(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isLostDatabase(undefined)).toBe(false);
    expect(isLostDatabase('ECONNREFUSED')).toBe(false);
  });
});

describe('createProcessFaults', () => {
  const logged: string[] = [];
  const faults = createProcessFaults({ error: (_details, message) => void logged.push(message) });

  it('logs and counts every unhandled rejection, lost database or not, and the process goes on', () => {
    expect(faults.unhandledRejections()).toBe(0);
    expect(() =>
      faults.onUnhandledRejection(new Error('Failed query: update pgboss.job', { cause: withCode('57P03') })),
    ).not.toThrow();
    expect(() => faults.onUnhandledRejection(new TypeError('a bug of ours'))).not.toThrow();
    expect(faults.unhandledRejections()).toBe(2);
    expect(logged).toEqual([
      'unhandled rejection: a promise failed that nobody awaited',
      'unhandled rejection: a promise failed that nobody awaited',
    ]);
  });

  it('rides out an uncaught exception that says the database went away, and throws any other again', () => {
    expect(() => faults.onUncaughtException(withCode('ECONNRESET'))).not.toThrow();
    expect(faults.unhandledRejections()).toBe(3);
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(() => faults.onUncaughtException(bug)).toThrow(bug);
    expect(faults.unhandledRejections()).toBe(3);
  });
});
