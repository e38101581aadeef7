// The sidebar links, labels and relative routes of the logged-in shell, plus the two places a
// signed-in user otherwise could not reach from the dashboard: the real-time session (the product's main
// feature, a nested route the specification lists but its sidebar did not link) and the profile page.
export interface SidebarLink {
  label: string;
  /** Relative to /dashboard ('' is the overview), or an absolute path outside it. */
  to: string;
}

/** Where a sidebar link leads. */
export function sidebarPath(link: SidebarLink): string {
  if (link.to.startsWith('/')) return link.to;
  return link.to ? `/dashboard/${link.to}` : '/dashboard';
}

export const SIDEBAR_LINKS: readonly SidebarLink[] = [
  { label: 'Dashboard', to: '' },
  { label: 'Real-Time Session', to: 'real-time-session' },
  { label: 'Posture Analysis', to: 'posture-analysis' },
  { label: 'Exercise Plan', to: 'exercise-plan' },
  { label: 'Progress Tracking', to: 'progress-tracking' },
  { label: 'Messages', to: 'messages' },
  { label: 'Session Metrics', to: 'findings-report' },
  { label: 'Photo Calibration', to: 'photo-calibration' },
  { label: 'Analytics', to: 'analytics' },
  { label: 'Settings', to: 'user-settings' },
  { label: 'Profile', to: '/profile' },
];
