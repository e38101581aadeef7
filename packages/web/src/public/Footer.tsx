import { Button, Logo } from '@posture-vision/ui';
import { type FormEvent, useId } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../auth/auth-store';

export function Footer() {
  const emailId = useId();
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  // The newsletter form only prevents the default action: nothing is sent.
  const onSubmit = (e: FormEvent) => e.preventDefault();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <Link to="/" className="brand" aria-label="Posture Vision home">
            <Logo />
          </Link>
          <p>
            AI posture analysis for desk workers: real-time feedback from your camera and progress you can
            see.
          </p>
        </div>
        <nav aria-label="Primary links" className="footer-links">
          <h2>Primary</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/services">Services</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Account links" className="footer-links">
          <h2>Account</h2>
          <ul>
            {/* A signed-in user is offered where their account is, not a second sign-up. */}
            {signedIn ? (
              <>
                <li>
                  <Link to="/dashboard">Dashboard</Link>
                </li>
                <li>
                  <Link to="/profile">Profile</Link>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to="/register">Sign Up</Link>
                </li>
                <li>
                  <Link to="/login">Sign In</Link>
                </li>
              </>
            )}
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
          </ul>
        </nav>
        <form className="newsletter" onSubmit={onSubmit} aria-label="Newsletter">
          <h2>Newsletter</h2>
          <p>Posture tips and product news, about once a month.</p>
          <label htmlFor={emailId} className="visually-hidden">
            Email address
          </label>
          <div className="newsletter-row">
            <input id={emailId} type="email" name="email" required placeholder="you@example.com" />
            <Button type="submit" variant="primary">
              Subscribe
            </Button>
          </div>
        </form>
      </div>
      <div className="container footer-bottom">
        <small>© {new Date().getFullYear()} Posture Vision. All rights reserved.</small>
      </div>
    </footer>
  );
}
