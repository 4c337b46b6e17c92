// The Add Location / Edit Location modal (spec 01 §2, §4 'Location form', 'Zone enablement', 'Policy lock',
// §5 'Location zones', 'All-clear timer', 'Location fields', 'Enable Alerts switch', 'Delete Location',
// §8 location errors and success banners). The form is location-form/location-form.tsx.
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { TLocation } from '@allclear/contracts';
import { LocationForm } from './location-form/location-form.tsx';

export interface LocationModalProps {
  open: boolean;
  /** The location to edit; null or absent when adding. */
  location?: TLocation | null;
  /** The customer's feature ids (spec 01 §3 'Customer feature'): zone 4 needs FOURTH_LIGHTNING_ZONE_SUPPORT. */
  customerFeatures: readonly number[];
  onClose: () => void;
}

/** The modal; its form starts afresh on every open (spec 01 §4 'Location form'). */
export function LocationModal({ open, location, customerFeatures, onClose }: LocationModalProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="location-modal-title"
      scroll="paper"
    >
      <DialogTitle id="location-modal-title">
        {location ? `Editing "${location.label}"` : 'Add Location'}
      </DialogTitle>
      {open ? (
        <LocationForm
          key={location?.id ?? 'new'}
          location={location ?? null}
          customerFeatures={customerFeatures}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}
