import { STORAGE_KEYS } from '@posture-vision/core/api';
import { LOGOUT_TOAST } from '@posture-vision/core/auth';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../services/api';
import { toast } from '../ui/toast-store';
import { useAuthStore } from './auth-store';

/** The logout flow: await the call (core logs its errors and always clears the tokens), toast, then /login. */
export function useLogout(toastMs: number): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await api.auth.logout();
    localStorage.removeItem(STORAGE_KEYS.adminToken);
    useAuthStore.getState().sync();
    toast.success(LOGOUT_TOAST, toastMs);
    navigate('/login');
  }, [navigate, toastMs]);
}
