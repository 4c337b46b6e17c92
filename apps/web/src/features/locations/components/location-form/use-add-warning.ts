// The location-add warning after an address, organisation location or map pick (spec 01 §2, §7: GET
// Location/AddWarning), shown in a dialog the user acknowledges with 'I Understand'.
import { useState } from 'react';
import type { TLocationAddWarning } from '@allclear/contracts';
import { getAddWarning } from '../../api/get-add-warning.ts';

export interface AddWarning {
  /** The last warning; its text stays while the dialog fades out. */
  warning: TLocationAddWarning;
  open: boolean;
  close: () => void;
  /** Asks the server about a point and opens the dialog when it has a warning. */
  checkAt: (point: { latitude: number; longitude: number }) => Promise<void>;
}

/** The add-warning dialog's state. */
export function useAddWarning(): AddWarning {
  const [warning, setWarning] = useState<TLocationAddWarning>(null);
  const [open, setOpen] = useState(false);
  const checkAt = async (point: { latitude: number; longitude: number }) => {
    const found = await getAddWarning(point.latitude, point.longitude);
    if (found) {
      setWarning(found);
      setOpen(true);
    }
  };
  return { warning, open, close: () => setOpen(false), checkAt };
}
