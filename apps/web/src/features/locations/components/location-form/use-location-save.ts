// Save and Delete of the location form (spec 01 §7 location/Add, location/Update, DELETE location/{id}; §8 error
// and success banners): Save sends the body the form's check passed, or shows the check's texts on the fields; a
// refused save puts the server's field errors on the same fields, and the banner (the first ServerErrors entry,
// else 'Error adding location' / 'Error updating location') is scrolled into view at the top. Success shows the
// server's text in a toast and closes the modal.
import { useState, type FormEvent, type RefObject } from 'react';
import type { TLocation } from '@allclear/contracts';
import { ApiError } from '../../../../lib/api-client.ts';
import { applyServerErrors } from '../../../../lib/forms/use-contract-form.ts';
import { useToastStore } from '../../../../components/toast/toast-store.ts';
import { useAddLocation } from '../../api/add-location.ts';
import { useUpdateLocation } from '../../api/update-location.ts';
import { useDeleteLocation } from '../../api/delete-location.ts';
import { ERROR_ADDING_LOCATION, ERROR_UPDATING_LOCATION } from './location-form-texts.ts';
import type { LocationFormState } from './use-location-form.ts';

/**
 * Save, Delete, their banner and the delete confirmation of the form on `location` (null: adding); `contentRef` is
 * the dialog content, scrolled to the top to show the banner.
 */
export function useLocationSave(
  location: TLocation | null,
  { form }: LocationFormState,
  contentRef: RefObject<HTMLElement | null>,
  onClose: () => void,
) {
  const [banner, setBanner] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const openToast = useToastStore((s) => s.open);
  const addMutation = useAddLocation();
  const updateMutation = useUpdateLocation();
  const deleteMutation = useDeleteLocation();
  const failedText = location ? ERROR_UPDATING_LOCATION : ERROR_ADDING_LOCATION;

  const showBanner = (text: string) => {
    setBanner(text);
    contentRef.current?.scrollTo?.({ top: 0 });
    if (contentRef.current) contentRef.current.scrollTop = 0;
  };
  const showFailure = (err: unknown) => {
    applyServerErrors(form, err);
    showBanner((err instanceof ApiError ? err.firstServerError : undefined) ?? failedText);
  };
  const done = (text: string) => {
    openToast({ variant: 'success', header: text });
    onClose();
  };

  const send = (e: FormEvent) =>
    form.handleSubmit(
      (body) => {
        if (location)
          updateMutation.mutate({ ...body, id: location.id }, { onSuccess: done, onError: showFailure });
        else addMutation.mutate(body, { onSuccess: (result) => done(result.message), onError: showFailure });
      },
      // the body the server would refuse is not sent: the schema's texts are on the fields
      () => showBanner(failedText),
    )(e);

  const remove = () => {
    if (!location) return;
    deleteMutation.mutate(location.id, {
      onSuccess: (text) => {
        setConfirmingDelete(false);
        done(text);
      },
      onError: (err) => {
        setConfirmingDelete(false);
        form.clearErrors();
        showBanner(err instanceof Error ? err.message : ERROR_UPDATING_LOCATION);
      },
    });
  };

  return {
    banner,
    /** The form's submit handler. */
    submit: (e: FormEvent) => {
      setBanner(null);
      void send(e);
    },
    saving: addMutation.isPending || updateMutation.isPending,
    deleting: deleteMutation.isPending,
    confirmingDelete,
    askDelete: () => setConfirmingDelete(true),
    cancelDelete: () => setConfirmingDelete(false),
    remove,
  };
}
