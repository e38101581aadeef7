// Theme, auth, toast and resend-cooldown stores.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/dom.ts';

installDom();

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => vi.useRealTimers());

describe('theme', () => {
  it('starts from a stored light or dark, dark otherwise', async () => {
    const { initialTheme } = await import('../../src/theme/theme-store');
    expect(initialTheme('light')).toBe('light');
    expect(initialTheme('dark')).toBe('dark');
    expect(initialTheme(null)).toBe('dark');
    expect(initialTheme('Light')).toBe('dark');
  });

  it('toggle flips, stores appTheme and applies data-theme on the body and the dark class on the root', async () => {
    localStorage.setItem('appTheme', 'light');
    const { useThemeStore } = await import('../../src/theme/theme-store');
    expect(useThemeStore.getState().theme).toBe('light');
    useThemeStore.getState().toggle();
    expect(localStorage.getItem('appTheme')).toBe('dark');
    expect(document.body.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    useThemeStore.getState().toggle();
    expect(localStorage.getItem('appTheme')).toBe('light');
    expect(document.body.getAttribute('data-theme')).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('auth status', () => {
  it('follows the token and adminToken in local storage, re-read on storage events', async () => {
    const { useAuthStore } = await import('../../src/auth/auth-store');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isAdminAuthenticated: false });
    localStorage.setItem('token', 'user-jwt');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    localStorage.setItem('adminToken', 'admin-jwt');
    localStorage.removeItem('token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, isAdminAuthenticated: true });
  });

  it('a token written through the API client storage marks the user authenticated at once', async () => {
    const { useAuthStore } = await import('../../src/auth/auth-store');
    const { api } = await import('../../src/services/api');
    await api.auth.storeTokens('access', 'refresh');
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
    // No API runs here: the logout call fails, which is only logged, and the tokens are cleared anyway.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await api.auth.logout();
    expect(warn).toHaveBeenCalled();
    // The store learns of the cleared tokens through its subscription: wait for that update.
    await new Promise<void>((resolve) => {
      if (!useAuthStore.getState().isAuthenticated) return resolve();
      const stop = useAuthStore.subscribe((state) => {
        if (state.isAuthenticated) return;
        stop();
        resolve();
      });
    });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});

describe('toasts', () => {
  it('stay 10 s by default and the given time otherwise', async () => {
    vi.useFakeTimers();
    const { toast, useToastStore } = await import('../../src/ui/toast-store');
    toast.success('Saved.');
    toast.success('You have been logged out successfully.', 3000);
    expect(useToastStore.getState().toasts.map((t) => t.durationMs)).toEqual([10_000, 3000]);
    vi.advanceTimersByTime(3000);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual(['Saved.']);
    vi.advanceTimersByTime(6999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});

describe('resend cooldown', () => {
  it('counts 60 whole seconds down from a send', async () => {
    const { secondsLeft, useResendCooldown } = await import('../../src/account/resend-cooldown');
    useResendCooldown.getState().start(1_000_000);
    const until = useResendCooldown.getState().until;
    expect(secondsLeft(until, 1_000_000)).toBe(60);
    expect(secondsLeft(until, 1_000_001)).toBe(60);
    expect(secondsLeft(until, 1_059_001)).toBe(1);
    expect(secondsLeft(until, 1_060_000)).toBe(0);
    expect(secondsLeft(0, 1_000_000)).toBe(0);
  });
});
