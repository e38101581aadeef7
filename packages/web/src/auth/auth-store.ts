import { STORAGE_KEYS } from '@posture-vision/core/api';
import { create } from 'zustand';

interface AuthState {
  /** A user token is in local storage. */
  isAuthenticated: boolean;
  /** An admin token is in local storage. */
  isAdminAuthenticated: boolean;
  /** Re-reads local storage (after our own writes, or another tab's). */
  sync(): void;
}

function read(): Pick<AuthState, 'isAuthenticated' | 'isAdminAuthenticated'> {
  return {
    isAuthenticated: Boolean(localStorage.getItem(STORAGE_KEYS.token)),
    isAdminAuthenticated: Boolean(localStorage.getItem(STORAGE_KEYS.adminToken)),
  };
}

export const useAuthStore = create<AuthState>((set) => ({
  ...read(),
  sync: () => set(read()),
}));

// The status follows local storage and is re-read when storage changes (document 1, section 2).
window.addEventListener('storage', () => useAuthStore.getState().sync());
