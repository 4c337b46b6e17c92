// Opens the location modal for adding or for editing one location, with the customer's features
// (the fourth-zone entitlement) from the signed-in user.
import { useCallback, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import type { TLocation } from '@allclear/contracts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { LocationModal } from '../components/location-modal.tsx';

export interface LocationModalControls {
  /** Opens the modal to add a location. */
  openAdd: () => void;
  /** Opens the modal to edit a location. */
  openEdit: (location: TLocation) => void;
  /** The modal element: render it once. */
  modal: ReactNode;
}

/** State and element of one location modal. */
export function useLocationModal(): LocationModalControls {
  const [state, setState] = useState<{ open: boolean; location: TLocation | null }>({
    open: false,
    location: null,
  });
  const { data: user } = useCurrentUser();
  const openAdd = useCallback(() => setState({ open: true, location: null }), []);
  const openEdit = useCallback((location: TLocation) => setState({ open: true, location }), []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const modal = (
    <LocationModal
      open={state.open}
      location={state.location}
      customerFeatures={user?.features ?? []}
      onClose={close}
    />
  );
  return { openAdd, openEdit, modal };
}

/** 'Add location' button that opens its own modal. */
export function AddLocationButton(props: Omit<ButtonProps, 'onClick'>) {
  const { openAdd, modal } = useLocationModal();
  return (
    <>
      <Button variant="contained" startIcon={<AddLocationAltOutlined />} onClick={openAdd} {...props}>
        {props.children ?? 'Add location'}
      </Button>
      {modal}
    </>
  );
}
