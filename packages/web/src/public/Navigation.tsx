import { PUBLIC_LOGOUT_TOAST_MS } from '@posture-vision/core/auth';
import { Button, buttonClass, Logo } from '@posture-vision/ui';
import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAuthStore } from '../auth/auth-store';
import { useLogout } from '../auth/useLogout';
import { ThemeToggle } from '../theme/ThemeToggle';

/** Body class while the slide-in mobile menu is open (below 992 px). */
export const MOBILE_NAV_BODY_CLASS = 'mobile-nav-active';

export function Navigation() {
  const signedIn = useAuthStore((s) => s.isAuthenticated || s.isAdminAuthenticated);
  const logout = useLogout(PUBLIC_LOGOUT_TOAST_MS);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  useEffect(() => {
    document.body.classList.toggle(MOBILE_NAV_BODY_CLASS, open);
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.classList.remove(MOBILE_NAV_BODY_CLASS);
    };
  }, [open]);

  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to="/" className="brand" aria-label="Posture Vision home">
          <Logo />
        </Link>
        <nav aria-label="Main" className={`main-nav${open ? ' open' : ''}`} id="main-nav">
          <button type="button" className="nav-close" aria-label="Close menu" onClick={close}>
            ×
          </button>
          <ul>
            <li>
              <NavLink to="/dashboard" onClick={close}>
                Dashboard
              </NavLink>
            </li>
            {signedIn ? (
              <>
                <li>
                  <NavLink to="/profile" onClick={close}>
                    Profile
                  </NavLink>
                </li>
                <li>
                  <Button
                    onClick={() => {
                      close();
                      void logout();
                    }}
                  >
                    Logout
                  </Button>
                </li>
              </>
            ) : (
              <>
                <li>
                  <NavLink to="/login" onClick={close}>
                    Sign In
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/register" className={buttonClass('primary')} onClick={close}>
                    Sign Up
                  </NavLink>
                </li>
              </>
            )}
          </ul>
        </nav>
        <div className="header-tools">
          <ThemeToggle />
          <button
            type="button"
            className="nav-toggle"
            aria-label="Open menu"
            aria-expanded={open}
            aria-controls="main-nav"
            onClick={() => setOpen(true)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        </div>
      </div>
      {open && <div className="nav-overlay" data-testid="nav-overlay" onClick={close} aria-hidden="true" />}
    </header>
  );
}
