// POST /api/policy adds a policy, PATCH /api/policy edits one; each answers the saved policy (spec 02 §7).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPolicy, TPolicyInput, TPolicyUpdate } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';
import { invalidateAfterPolicyChange } from './invalidate-after-policy-change.ts';

/** Adds a policy. */
export function addPolicy(body: TPolicyInput): Promise<TPolicy> {
  return call('policyAdd', { body });
}

/** Edits a policy (its type stays the saved one). */
export function updatePolicy(body: TPolicyUpdate): Promise<TPolicy> {
  return call('policyUpdate', { body });
}

/** Adds a policy, then refreshes what it changes. */
export function useAddPolicy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPolicy, onSuccess: () => invalidateAfterPolicyChange(queryClient) });
}

/** Edits a policy, then refreshes what it changes. */
export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePolicy, onSuccess: () => invalidateAfterPolicyChange(queryClient) });
}
