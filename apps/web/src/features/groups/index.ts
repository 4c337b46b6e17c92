// The groups feature's public edge: Manage User Groups (spec 02 §2.8), mounted by the Users page's 'Manage Groups'
// button as <ManageGroupsModal open onClose />, loaded lazily on first open; and the groups query, which the
// Policies page reads to name a policy's groups.
export { ManageGroupsModal, type ManageGroupsModalProps } from './components/manage-groups-modal-lazy.tsx';
export { getSitesQueryOptions, useSites } from './api/get-sites.ts';
