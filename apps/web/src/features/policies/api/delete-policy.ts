// DELETE /api/policy/{id}: the answer is the server's text, 'Deleted' (spec 02 §7, §8 'Policy').
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { invalidateAfterPolicyChange } from './invalidate-after-policy-change.ts';

/** Deletes a policy. */
export function deletePolicy(id: number): Promise<string> {
  return call('policyDelete', { params: { id } });
}

/** Deletes a policy, then refreshes what it changes. */
export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePolicy, onSuccess: () => invalidateAfterPolicyChange(queryClient) });
}
