// Each route's document title, "<page> · Posture Vision": with every page titled "Posture Vision", a browser's
// tabs, history and bookmarks could not tell the pages apart, nor could a screen reader say where a navigation led.

export const PRODUCT_NAME = 'Posture Vision';

/** The page names of the routes, by path (the dashboard's nested routes by their path under /dashboard). */
const PUBLIC_PAGES: Record<string, string> = {
  '/about': 'About',
  '/services': 'Services',
  '/service-details': 'Service Details',
  '/contact': 'Contact',
  '/privacy-policy': 'Privacy Policy',
  '/terms-of-service': 'Terms of Service',
  '/login': 'Sign In',
  '/register': 'Sign Up',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/resend-verification': 'Resend Verification',
  '/welcome-page': 'Welcome',
  '/google-auth-success': 'Signing In with Google',
  '/admin/login': 'Admin Sign In',
  '/admin/dashboard': 'Admin Dashboard',
  '/profile': 'Profile',
  '/chrome-extension-download': 'Chrome Extension',
};

/** Under /dashboard: the first path segment after it (session-report/{id} and calibration-summary/{id} alike). */
const DASHBOARD_PAGES: Record<string, string> = {
  '': 'Dashboard',
  'posture-analysis': 'Posture Analysis',
  'exercise-plan': 'Exercise Plan',
  'progress-tracking': 'Progress Tracking',
  appointments: 'Appointments',
  messages: 'Messages',
  // The older sample Settings page; the sidebar's Settings is user-settings.
  settings: 'Settings (Sample)',
  'findings-report': 'Session Metrics',
  calibration: 'Calibration',
  'real-time-session': 'Real-Time Session',
  'photo-calibration': 'Photo Calibration',
  'session-report': 'Session Report',
  analytics: 'Analytics',
  'calibration-summary': 'Calibration Summary',
  'user-settings': 'Settings',
};

const NOT_FOUND = 'Page Not Found';

/** The page's name for a path: null for the landing page (titled by the product alone). */
export function pageName(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return null;
  if (path === '/dashboard' || path.startsWith('/dashboard/')) {
    const segment = path.slice('/dashboard/'.length).split('/')[0] ?? '';
    return DASHBOARD_PAGES[path === '/dashboard' ? '' : segment] ?? NOT_FOUND;
  }
  return PUBLIC_PAGES[path] ?? NOT_FOUND;
}

/** The document title of a path: "Analytics · Posture Vision"; the landing page is "Posture Vision". */
export function documentTitle(pathname: string): string {
  const name = pageName(pathname);
  return name ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
