// Navigation, guards and the sign-in page's query messages, rendered with React in a DOM.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/dom.ts';

installDom();
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const { createElement: h } = await import('react');
const { MemoryRouter, Route, Routes, useLocation } = await import('react-router-dom');
const { act, cleanup, fireEvent, render, screen } = await import('@testing-library/react');
const { Navigation, MOBILE_NAV_BODY_CLASS } = await import('../../src/public/Navigation');
const { RedirectSignedIn, RequireAdmin, RequireUser } = await import('../../src/auth/guards');
const { useAuthStore } = await import('../../src/auth/auth-store');
const { default: LoginPage } = await import('../../src/account/LoginPage');

function Where() {
  return h('output', { 'data-testid': 'where' }, useLocation().pathname);
}

function app(path: string) {
  return render(
    h(
      MemoryRouter,
      { initialEntries: [path] },
      h(Navigation),
      h(
        Routes,
        null,
        h(Route, { path: '/login', element: h(RedirectSignedIn, null, h(LoginPage)) }),
        h(Route, { path: '/profile', element: h(RequireUser, null, h('p', null, 'profile page')) }),
        h(Route, { path: '/admin/dashboard', element: h(RequireAdmin, null, h('p', null, 'admin page')) }),
        h(Route, { path: '*', element: h(Where) }),
      ),
    ),
  );
}

beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  useAuthStore.getState().sync();
});

describe('navigation', () => {
  it('shows Dashboard, Sign In, Sign Up signed out and Dashboard, Profile, Logout signed in', () => {
    app('/about');
    const labels = () => [...document.querySelectorAll('#main-nav li')].map((li) => li.textContent);
    expect(labels()).toEqual(['Dashboard', 'Sign In', 'Sign Up']);
    act(() => {
      localStorage.setItem('token', 'jwt');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(labels()).toEqual(['Dashboard', 'Profile', 'Logout']);
    expect(screen.getByLabelText('Posture Vision home').getAttribute('href')).toBe('/');
  });

  it('the mobile menu toggles the body class and overlay; Escape, overlay and links close it', () => {
    app('/about');
    const open = () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const isOpen = () => document.body.classList.contains(MOBILE_NAV_BODY_CLASS);
    open();
    expect(isOpen()).toBe(true);
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(isOpen()).toBe(false);
    open();
    fireEvent.click(screen.getByTestId('nav-overlay'));
    expect(isOpen()).toBe(false);
    expect(screen.queryByTestId('nav-overlay')).toBeNull();
    open();
    fireEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(isOpen()).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/register');
  });
});

describe('guards', () => {
  it('user and admin routes redirect to /login without their token', () => {
    app('/profile');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    cleanup();
    app('/admin/dashboard');
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeTruthy();
    cleanup();
    // An admin token does not open user routes; a user token does not open the admin route.
    localStorage.setItem('adminToken', 'admin');
    useAuthStore.getState().sync();
    app('/admin/dashboard');
    expect(screen.getByText('admin page')).toBeTruthy();
    cleanup();
    app('/profile');
    expect(screen.queryByText('profile page')).toBeNull();
  });

  it('a signed-in user who visits /login is sent to /dashboard', () => {
    localStorage.setItem('token', 'jwt');
    useAuthStore.getState().sync();
    app('/login');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
  });
});

describe('sign-in query messages', () => {
  const message = () => screen.getByTestId('form-message');
  it.each([
    ['?verified=true', 'Email verified successfully! You can now log in.', 'tone-success'],
    [
      '?message=Verification%20email%20sent%20successfully!',
      'Verification email sent successfully!',
      'tone-success',
    ],
    ['?message=Check%20your%20inbox', 'Check your inbox', 'tone-success'],
    ['?error=google_failed', 'Google sign-in failed. Please try again or use email/password.', 'tone-error'],
    [
      '?error=google_auth_failed',
      'Google authentication was cancelled or failed. Please try again.',
      'tone-error',
    ],
    ['?error=oauth_incomplete', 'OAuth sign-in was incomplete. Please try again.', 'tone-error'],
    [
      '?error=oauth_processing_failed',
      'OAuth processing failed. Please try again or contact support.',
      'tone-error',
    ],
    ['?error=other', 'Authentication error. Please try again.', 'tone-error'],
    [
      '?error=google_unavailable',
      'Google sign-in is not available: it is not configured on this server. Please sign in with your email and password.',
      'tone-error',
    ],
  ])('%s shows its message', (query, text, tone) => {
    app(`/login${query}`);
    expect(message().textContent).toBe(text);
    expect(message().className).toContain(tone);
  });

  it('the message slot keeps its place when empty', () => {
    app('/login');
    expect(message().textContent).toBe('');
    expect(message().className).toBe('form-message');
  });
});
