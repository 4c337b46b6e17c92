// Who may do what to a location (spec 01 §3 'Location', §5 'Delete Location', §6; spec 02 §6 roles): one pure
// rule that the server's location service enforces and the location presenter serves as the caller's
// abilities, so a screen offers only what the server will then allow (issue 13 'One policy per entity').
// 'view' also governs every read of a location's data: conditions, forecasts, threats, air quality,
// proactive forecasts, lightning delays and the lightning stream.
import { definePolicy } from './entity-policy.ts';
import { ROLE_MATRIX, decideByMatrix, type Decision, type PolicyPrincipal } from './role-matrix.ts';

export const LOCATION_ACTIONS = ['view', 'edit', 'delete', 'rename'] as const;
export type LocationAction = (typeof LOCATION_ACTIONS)[number];

/** The caller as the policy needs it. */
export type LocationPrincipal = PolicyPrincipal;

/** The columns of a location the policy reads. */
export interface LocationPolicyRow {
  customerId: number;
  /** The owning user; null for a location shared by the organisation (customer). */
  userId: string | null;
  /** 1: locked against rename and delete (spec 01 §3, §6). */
  type: number;
  /** The owner's user group (an Assistant Admin reaches only their group's users' locations); absent when unknown. */
  ownerSiteId?: number | null;
}

/**
 * The outcome of an action: the matrix's rows for a user's location or a shared one (ROLE_MATRIX.location),
 * then the type-1 lock: a type-1 location is never renamed or deleted, whoever asks ('locked').
 */
export type LocationDecision = Decision;

export function decideLocation(
  p: LocationPrincipal,
  action: LocationAction,
  row: LocationPolicyRow,
): LocationDecision {
  const m = ROLE_MATRIX.location;
  const shared = row.userId === null;
  const see = shared ? m.viewShared : m.view;
  const change = shared ? m.changeShared : m.change;
  const decided = decideByMatrix(p, see, action === 'view' ? see : change, {
    customerId: row.customerId,
    ownerId: row.userId,
    siteIds: row.ownerSiteId != null ? [row.ownerSiteId] : [],
  });
  if (decided !== 'allowed') return decided;
  if ((action === 'rename' || action === 'delete') && row.type === 1) return 'locked';
  return 'allowed';
}

/** The location policy under the name issue 13 gives every entity's policy. */
export const locationPolicy = definePolicy<LocationAction, LocationPolicyRow>(
  LOCATION_ACTIONS,
  decideLocation,
);

/** True when the caller may do the action to the row. */
export const canOnLocation = locationPolicy.can;

/** What the caller may do to a location they see, as served with it (the web shows only these). */
export interface LocationAbilities {
  edit: boolean;
  delete: boolean;
  rename: boolean;
}

export function locationAbilities(p: LocationPrincipal, row: LocationPolicyRow): LocationAbilities {
  const { edit, delete: del, rename } = locationPolicy.abilities(p, row);
  return { edit, delete: del, rename };
}
