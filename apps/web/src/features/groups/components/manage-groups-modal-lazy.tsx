// The Manage User Groups modal as other screens mount it (the Users page's 'Manage Groups' button): its code is
// fetched the first time it opens, so no screen's first download carries it. Once opened it stays mounted, so it
// closes with its transition.
import { lazy, Suspense, useState } from 'react';
import type { ManageGroupsModalProps } from './manage-groups-modal.tsx';

const Modal = lazy(() => import('./manage-groups-modal.tsx'));

export type { ManageGroupsModalProps };

/** Manage User Groups, loaded on first open. */
export function ManageGroupsModal(props: ManageGroupsModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  ) : null;
}
