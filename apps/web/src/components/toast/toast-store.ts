// Toast client state (spec 01 §3 'Client state': show, variant, header, message, autoHideDuration).
import { create } from 'zustand';
import { toastDurationMs as toastDuration } from '@allclear/domain';

export type ToastVariant = 'success' | 'info' | 'warning' | 'error';

export interface ToastInput {
  variant: ToastVariant;
  header: string;
  message?: string;
  /** Overrides the spec's default duration rule (ms). */
  autoHideDuration?: number;
}

export interface ToastStore {
  show: boolean;
  variant: ToastVariant;
  header: string;
  message: string;
  autoHideDuration: number;
  /** Opens the toast; the duration defaults to toastDuration(header) (spec 01 §4). */
  open: (toast: ToastInput) => void;
  close: () => void;
}

/** The app's single toast (spec 01 §3, §4). */
export const useToastStore = create<ToastStore>()((set) => ({
  show: false,
  variant: 'info',
  header: '',
  message: '',
  autoHideDuration: toastDuration(''),
  open: ({ variant, header, message = '', autoHideDuration }) =>
    set({
      show: true,
      variant,
      header,
      message,
      autoHideDuration: autoHideDuration ?? toastDuration(header),
    }),
  close: () => set({ show: false }),
}));
