// Test support for the policies' edge tables: turns a table written from the spec (one letter per action, per
// caller and row kind) into cases, refusing a table that misses a caller, a row kind or an action.
import type { EntityPolicy } from './entity-policy.ts';
import type { Decision, PolicyPrincipal } from './role-matrix.ts';
import type { RoleName } from '../roles.ts';

/** A allowed, H hidden (404), F forbidden (403), L locked. */
export const DECISION_LETTERS: Readonly<Record<string, Decision>> = {
  A: 'allowed',
  H: 'hidden',
  F: 'forbidden',
  L: 'locked',
};

export interface EdgeCase<A extends string, R> {
  name: string;
  p: PolicyPrincipal;
  action: A;
  row: R;
  expected: Decision;
}

export const ME = 'user-me';
export const CUSTOMER = 7;
export const OTHER_CUSTOMER = 8;
export const GROUP = 70;
export const OTHER_GROUP = 71;

/** A caller of customer 7, group 70, with the given permissions. */
export const caller = (
  role: RoleName,
  permissions: readonly string[] = [],
  extra: Partial<PolicyPrincipal> = {},
) => ({
  userId: ME,
  customerId: CUSTOMER,
  role,
  siteId: GROUP,
  permissions,
  ...extra,
});

/** The cases of a table: `table[caller][row]` holds one letter per action of `policy.actions`, in order. */
export function edgeCases<A extends string, R>(
  policy: EntityPolicy<A, R>,
  callers: Record<string, PolicyPrincipal>,
  rows: Record<string, R>,
  table: Record<string, Record<string, string>>,
): EdgeCase<A, R>[] {
  const roles = new Set(Object.values(callers).map((p) => p.role));
  if (roles.size !== 5) throw new Error('the callers must cover every role');
  const out: EdgeCase<A, R>[] = [];
  for (const [callerName, p] of Object.entries(callers)) {
    const line = table[callerName];
    if (!line) throw new Error(`no table line for ${callerName}`);
    if (Object.keys(line).sort().join() !== Object.keys(rows).sort().join())
      throw new Error(`the line of ${callerName} must name every row kind`);
    for (const [rowName, row] of Object.entries(rows)) {
      const letters = line[rowName]!;
      if (letters.length !== policy.actions.length)
        throw new Error(`${callerName} · ${rowName}: one letter per action (${policy.actions.join(', ')})`);
      policy.actions.forEach((action, i) => {
        const expected = DECISION_LETTERS[letters[i]!];
        if (!expected) throw new Error(`${callerName} · ${rowName}: unknown letter ${letters[i]}`);
        out.push({ name: `${callerName} · ${action} · ${rowName} → ${expected}`, p, action, row, expected });
      });
    }
  }
  return out;
}
