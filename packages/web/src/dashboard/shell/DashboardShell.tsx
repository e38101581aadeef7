import { Button } from '@posture-vision/ui';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { ThemeToggle } from '../../theme/ThemeToggle';
import { SIDEBAR_LINKS, sidebarPath } from './navigation';

/**
 * The logged-in shell: sidebar, theme toggle, logout, and the nested content area.
 * `onLogout` is the app's logout flow (call, 5 s toast 'You have been logged out successfully.', then /login).
 */
export function DashboardShell({ onLogout }: { onLogout: () => void | Promise<void> }) {
  const [loggingOut, setLoggingOut] = useState(false);
  // On a phone the links fold behind a Menu button (CSS shows it below 769 px): listed in full they took the
  // top half of every page. A page change folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is what closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);

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
        <button
          type="button"
          className="pv-dash-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="pv-dash-links"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id="pv-dash-links" className={menuOpen ? 'open' : undefined}>
          <ul>
            {SIDEBAR_LINKS.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={sidebarPath(link)}
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
