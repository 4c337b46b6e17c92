// Ask a Meteorologist's calls (spec 02 §2.7, §7 'Support', 'List admin users by role'; issue 15): POST Support sends
// the question (its answer is the success text, with the reference); POST user/roles lists the admins and limited
// admins the question may be copied to.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CONSULTATION_COPY_ROLES, type TConsultationRequest } from '@allclear/contracts';
import { call } from '../../../lib/api-client.ts';

export function getCopyableAdminsQueryOptions() {
  return queryOptions({
    queryKey: ['consultation', 'admins'],
    queryFn: ({ signal }) => call('userListByRoles', { body: [...CONSULTATION_COPY_ROLES] }, { signal }),
  });
}

export const useCopyableAdmins = () => useQuery(getCopyableAdminsQueryOptions());

export function useSendConsultation() {
  return useMutation({ mutationFn: (body: TConsultationRequest) => call('supportRequest', { body }) });
}
