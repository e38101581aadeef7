// Section 2.1: the sidebar links, labels and relative routes of the logged-in shell.
export interface SidebarLink {
  label: string;
  /** Relative to /dashboard; '' is the overview. */
  to: string;
}

export const SIDEBAR_LINKS: readonly SidebarLink[] = [
  { label: 'Dashboard', to: '' },
  { label: 'Posture Analysis', to: 'posture-analysis' },
  { label: 'Exercise Plan', to: 'exercise-plan' },
  { label: 'Progress Tracking', to: 'progress-tracking' },
  { label: 'Messages', to: 'messages' },
  { label: 'Session Metrics', to: 'findings-report' },
  { label: 'Photo Calibration', to: 'photo-calibration' },
  { label: 'Analytics', to: 'analytics' },
  { label: 'Settings', to: 'user-settings' },
];
