import { create } from 'zustand';

export const TOKEN_KEY = 'token';
export const ADMIN_TOKEN_KEY = 'adminToken';

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
    isAuthenticated: Boolean(localStorage.getItem(TOKEN_KEY)),
    isAdminAuthenticated: Boolean(localStorage.getItem(ADMIN_TOKEN_KEY)),
  };
}

export const useAuthStore = create<AuthState>((set) => ({
  ...read(),
  sync: () => set(read()),
}));

// The status follows local storage and is re-read when storage changes (document 1, section 2).
window.addEventListener('storage', () => useAuthStore.getState().sync());
