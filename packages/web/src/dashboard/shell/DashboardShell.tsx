import { Button } from '@posture-vision/ui';
import { Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { ThemeToggle } from '../../theme/ThemeToggle';
import { SIDEBAR_LINKS } from './navigation';

/**
 * The logged-in shell: sidebar, theme toggle, logout, and the nested content area (section 2.1).
 * `onLogout` is the app's logout flow (call, 5 s toast 'You have been logged out successfully.', then /login).
 */
export function DashboardShell({ onLogout }: { onLogout: () => void | Promise<void> }) {
  const [loggingOut, setLoggingOut] = useState(false);

  async function logout() {
    setLoggingOut(true);
    try {
      await onLogout();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <div className="pv-dash">
      <aside className="pv-dash-sidebar" aria-label="Dashboard navigation">
        <div className="pv-dash-brand">Posture Vision</div>
        <nav>
          <ul>
            {SIDEBAR_LINKS.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to ? `/dashboard/${link.to}` : '/dashboard'}
                  end={!link.to}
                  className={({ isActive }) => (isActive ? 'active' : undefined)}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="pv-dash-sidebar-actions">
          <ThemeToggle />
          <Button onClick={logout} disabled={loggingOut}>
            Logout
          </Button>
        </div>
      </aside>
      <main className="pv-dash-content">
        <Suspense fallback={<p className="pv-loading">Loading...</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
