import { describe, expect, it } from 'vitest';
import { documentTitle } from '../../src/ui/page-titles';

describe('document titles', () => {
  it.each([
    ['/', 'Posture Vision'],
    ['/login', 'Sign In · Posture Vision'],
    ['/register', 'Sign Up · Posture Vision'],
    ['/profile', 'Profile · Posture Vision'],
    ['/admin/login', 'Admin Sign In · Posture Vision'],
    ['/dashboard', 'Dashboard · Posture Vision'],
    ['/dashboard/', 'Dashboard · Posture Vision'],
    ['/dashboard/analytics', 'Analytics · Posture Vision'],
    ['/dashboard/real-time-session', 'Real-Time Session · Posture Vision'],
    ['/dashboard/session-report', 'Session Report · Posture Vision'],
    ['/dashboard/session-report/3f2a', 'Session Report · Posture Vision'],
    ['/dashboard/calibration-summary/5', 'Calibration Summary · Posture Vision'],
    ['/dashboard/findings-report', 'Session Metrics · Posture Vision'],
    ['/dashboard/user-settings', 'Settings · Posture Vision'],
    ['/dashboard/nowhere', 'Page Not Found · Posture Vision'],
    ['/nowhere', 'Page Not Found · Posture Vision'],
  ])('%s → %s', (path, title) => {
    expect(documentTitle(path)).toBe(title);
  });

  it('gives every page of the route map a title of its own', () => {
    const paths = [
      '/about',
      '/services',
      '/service-details',
      '/contact',
      '/privacy-policy',
      '/terms-of-service',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/resend-verification',
      '/welcome-page',
      '/google-auth-success',
      '/admin/login',
      '/admin/dashboard',
      '/profile',
      '/chrome-extension-download',
      ...[
        '',
        '/posture-analysis',
        '/exercise-plan',
        '/progress-tracking',
        '/appointments',
        '/messages',
        '/settings',
        '/findings-report',
        '/calibration',
        '/real-time-session',
        '/photo-calibration',
        '/session-report',
        '/analytics',
        '/calibration-summary/2',
        '/user-settings',
      ].map((p) => `/dashboard${p}`),
    ];
    const titles = paths.map(documentTitle);
    expect(new Set(titles).size).toBe(paths.length);
    expect(titles.filter((t) => t.startsWith('Page Not Found'))).toEqual([]);
  });
});
