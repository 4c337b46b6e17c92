// Shell UI state shared by the top bar (menu button) and the sidebar (mobile drawer).
import { create } from 'zustand';

export interface LayoutStore {
  /** Whether the sidebar is open on small screens (on desktop it is always shown). */
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
  toggleMenu: () => void;
}

/** The shell layout store. */
export const useLayoutStore = create<LayoutStore>()((set) => ({
  menuOpen: false,
  setMenuOpen: (menuOpen) => set({ menuOpen }),
  toggleMenu: () => set((s) => ({ menuOpen: !s.menuOpen })),
}));
