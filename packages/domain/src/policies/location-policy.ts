// Who may do what to a location (spec 01 §3 'Location', §5 'Delete Location', §6; spec 02 §6 roles): one pure
// rule that the server's location service enforces and the location presenter serves as the caller's
// abilities, so a screen offers only what the server will then allow (issue 13 'One policy per entity').
import type { RoleName } from '../access.ts';

export const LOCATION_ACTIONS = ['view', 'edit', 'delete', 'rename'] as const;
export type LocationAction = (typeof LOCATION_ACTIONS)[number];

/** The caller as the policy needs it. */
export interface LocationPrincipal {
  userId: string;
  customerId: number;
  role: RoleName;
}

/** The columns of a location the policy reads. */
export interface LocationPolicyRow {
  customerId: number;
  /** The owning user; null for a location shared by the organisation (customer). */
  userId: string | null;
  /** 1: locked against rename and delete (spec 01 §3, §6). */
  type: number;
}

/**
 * How a row relates to the caller: their own; shared by their organisation (no owner); another user's of
 * their customer; any location of another customer.
 */
export const LOCATION_ROW_KINDS = ['own', 'shared', 'other-user', 'other-customer'] as const;
export type LocationRowKind = (typeof LOCATION_ROW_KINDS)[number];

export function locationRowKind(p: LocationPrincipal, row: LocationPolicyRow): LocationRowKind {
  if (row.customerId !== p.customerId) return 'other-customer';
  if (row.userId === null) return 'shared';
  return row.userId === p.userId ? 'own' : 'other-user';
}

/**
 * The role matrix for locations, the one table the policy reads: per role, the row kinds it may see and those
 * it may change (edit, delete, rename). Spec 01 §6 and spec 02 §6: every user sees and changes their own
 * locations and sees those their organisation shares; the basic Customer role may not change a shared one;
 * the admin roles manage their customer's locations (shared and users'); a Super Admin any customer's.
 */
export const LOCATION_ROLE_MATRIX: Readonly<
  Record<RoleName, { see: readonly LocationRowKind[]; change: readonly LocationRowKind[] }>
> = {
  'Super Admin': {
    see: ['own', 'shared', 'other-user', 'other-customer'],
    change: ['own', 'shared', 'other-user', 'other-customer'],
  },
  Admin: { see: ['own', 'shared', 'other-user'], change: ['own', 'shared', 'other-user'] },
  'Assistant Admin': { see: ['own', 'shared', 'other-user'], change: ['own', 'shared', 'other-user'] },
  Customer: { see: ['own', 'shared'], change: ['own'] },
  'Notification Only': { see: ['own', 'shared'], change: ['own'] },
};

/**
 * The outcome of an action, in the order the server checks them: 'hidden' (the caller may not see the row:
 * answered as not found, so its existence is not revealed), 'forbidden' (seen but not theirs to change),
 * 'locked' (a type-1 location is never renamed or deleted, whoever asks), 'allowed'.
 */
export type LocationDecision = 'allowed' | 'hidden' | 'forbidden' | 'locked';

export function decideLocation(
  p: LocationPrincipal,
  action: LocationAction,
  row: LocationPolicyRow,
): LocationDecision {
  const rules = LOCATION_ROLE_MATRIX[p.role];
  const kind = locationRowKind(p, row);
  if (!rules?.see.includes(kind)) return 'hidden';
  if (action === 'view') return 'allowed';
  if (!rules.change.includes(kind)) return 'forbidden';
  if ((action === 'rename' || action === 'delete') && row.type === 1) return 'locked';
  return 'allowed';
}

/** True when the caller may do the action to the row. */
export function canOnLocation(p: LocationPrincipal, action: LocationAction, row: LocationPolicyRow): boolean {
  return decideLocation(p, action, row) === 'allowed';
}

/** What the caller may do to a location they see, as served with it (the web shows only these). */
export interface LocationAbilities {
  edit: boolean;
  delete: boolean;
  rename: boolean;
}

export function locationAbilities(p: LocationPrincipal, row: LocationPolicyRow): LocationAbilities {
  return {
    edit: canOnLocation(p, 'edit', row),
    delete: canOnLocation(p, 'delete', row),
    rename: canOnLocation(p, 'rename', row),
  };
}

/** The location policy under the name issue 13 gives every entity's policy. */
export const locationPolicy = {
  can: canOnLocation,
  decide: decideLocation,
  abilities: locationAbilities,
} as const;
