import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../services/api';
import { toast } from '../ui/toastStore';
import { ADMIN_TOKEN_KEY, useAuthStore } from './authStore';

export const LOGOUT_MESSAGE = 'You have been logged out successfully.';
/** Toast durations: 3 s in the public navigation, 5 s in the dashboard shell (document 1, section 9). */
export const PUBLIC_LOGOUT_TOAST_MS = 3000;
export const DASHBOARD_LOGOUT_TOAST_MS = 5000;

/** The logout flow: await the call (core logs its errors and always clears the tokens), toast, then /login. */
export function useLogout(toastMs: number): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await api.auth.logout();
    localStorage.removeItem(ADMIN_TOKEN_KEY);
    useAuthStore.getState().sync();
    toast.success(LOGOUT_MESSAGE, toastMs);
    navigate('/login');
  }, [navigate, toastMs]);
}
