import { STORAGE_KEYS } from '@posture-vision/core/api';
import type { MessageTone } from '@posture-vision/core/auth';
import { create } from 'zustand';

interface AuthState {
  /** A user token is in local storage. */
  isAuthenticated: boolean;
  /** An admin token is in local storage. */
  isAdminAuthenticated: boolean;
  /** Re-reads local storage (after our own writes, or another tab's). */
  sync(): void;
  /**
   * A failed refresh ended the session: the API client's notice ('Your session has expired. Please log in
   * again.'), for the sign-in page to say once. In the page, not in the native alert the specification names,
   * which blocked the tab over a page already emptied. Kept here rather than in the address because the route
   * guards may reach /login first, by their own redirect.
   */
  expiredNotice: string | null;
  setExpiredNotice(notice: string | null): void;
  /** Why the user was signed out by the app itself (the account was deleted), for the sign-in page to say once;
   * here for the same reason as expiredNotice: the guards' redirect to /login drops any query. */
  signOutNotice: { text: string; tone: MessageTone } | null;
  setSignOutNotice(notice: { text: string; tone: MessageTone } | null): void;
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
  expiredNotice: null,
  setExpiredNotice: (expiredNotice) => set({ expiredNotice }),
  signOutNotice: null,
  setSignOutNotice: (signOutNotice) => set({ signOutNotice }),
}));

// The status follows local storage and is re-read when storage changes.
window.addEventListener('storage', () => useAuthStore.getState().sync());
