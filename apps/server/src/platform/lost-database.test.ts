// Which errors say the database went away: the product rides those out (issue 21), and ends on anything else.
import { describe, expect, it } from 'vitest';
import { isLostDatabase, rideOutLostDatabase } from './lost-database.ts';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });

describe('isLostDatabase', () => {
  it('is true for a server that is down, restarting or shutting down, and for a connection ended under a statement', () => {
    expect(isLostDatabase(withCode('ECONNREFUSED'))).toBe(true);
    expect(isLostDatabase(withCode('57P01'))).toBe(true); // terminating connection due to administrator command
    expect(isLostDatabase(withCode('57P03'))).toBe(true); // the database system is starting up
    expect(isLostDatabase(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isLostDatabase(new Error('Cannot use a pool after calling end on the pool'))).toBe(true);
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

describe('rideOutLostDatabase', () => {
  const logged: string[] = [];
  const handler = rideOutLostDatabase({ error: (_details, message) => void logged.push(message) });

  it('logs a lost database and goes on', () => {
    expect(() =>
      handler(new Error('Failed query: update pgboss.job', { cause: withCode('57P01') })),
    ).not.toThrow();
    expect(logged).toEqual(['a database statement nobody awaited failed: the database went away']);
  });

  it('throws anything else again, so it still ends the process, and logs nothing', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(() => handler(bug)).toThrow(bug);
    expect(() => handler(withCode('23505'))).toThrow('failed');
    expect(logged).toHaveLength(1);
  });
});
