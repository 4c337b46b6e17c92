// Auth client state (spec 01 §3 'Client state': token, needsLogin). Server data never lives here.
import { create } from 'zustand';

export interface AuthStore {
  /** The current access token, sent as a Bearer token on every API call; null before sign-in. */
  token: string | null;
  /** Set by a 401 from the main or integration API; forces a fresh sign-in (spec 01 §4 'Auth'). */
  needsLogin: boolean;
  setToken: (token: string | null) => void;
  setNeedsLogin: (needsLogin: boolean) => void;
}

/** The auth store (spec 01 §3). */
export const useAuthStore = create<AuthStore>()((set) => ({
  token: null,
  needsLogin: false,
  setToken: (token) => set({ token }),
  setNeedsLogin: (needsLogin) => set({ needsLogin }),
}));
