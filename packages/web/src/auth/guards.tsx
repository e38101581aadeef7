import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthStore } from './auth-store';

/** User routes: without a user token the visitor goes to /login. */
export function RequireUser({ children }: { children: ReactNode }) {
  const ok = useAuthStore((s) => s.isAuthenticated);
  return ok ? children : <Navigate to="/login" replace />;
}

/** The admin route also redirects to /login, not to the admin sign-in. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const ok = useAuthStore((s) => s.isAdminAuthenticated);
  return ok ? children : <Navigate to="/login" replace />;
}

/** /login: a signed-in user is sent to /dashboard. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return signedIn ? <Navigate to="/dashboard" replace /> : children;
}
