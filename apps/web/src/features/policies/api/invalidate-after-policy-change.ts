// What a saved or deleted policy changes: almost every screen reads it (the policies and the groups' policy
// counts; the location form's lock and the zones in force served with each location, spec 01 §4 'Policy lock';
// the dashboard's warnings, threats and today's risks). So every query is marked stale: the ones on screen
// refetch now, the rest when they are next shown.
import type { QueryClient } from '@tanstack/react-query';

/** Refreshes every query a policy change affects: all of them. */
export function invalidateAfterPolicyChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
