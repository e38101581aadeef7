import { DASHBOARD_LOGOUT_TOAST_MS } from '@posture-vision/core/auth';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { RedirectSignedIn, RequireAdmin, RequireUser } from './auth/guards';
import { useLogout } from './auth/useLogout';
import { PublicLayout } from './public/PublicLayout';
import { setApiNavigator } from './services/api';
import { DocumentTitle } from './ui/DocumentTitle';
import { PageLoading } from './ui/PageLoading';
import { ScrollManager } from './ui/ScrollManager';
import { Toaster } from './ui/Toaster';

// Route-level code splitting: every page is its own chunk, so the landing page never loads dashboard code.
const LandingPage = lazy(() => import('./public/LandingPage'));
const AboutPage = lazy(() => import('./public/AboutPage'));
const ServicesPage = lazy(() => import('./public/ServicesPage'));
const ServiceDetailsPage = lazy(() => import('./public/ServiceDetailsPage'));
const ContactPage = lazy(() => import('./public/ContactPage'));
const PrivacyPolicyPage = lazy(() => import('./public/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('./public/TermsOfServicePage'));
const LoginPage = lazy(() => import('./account/LoginPage'));
const RegisterPage = lazy(() => import('./account/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('./account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./account/ResetPasswordPage'));
const ResendVerificationPage = lazy(() => import('./account/ResendVerificationPage'));
const WelcomePage = lazy(() => import('./account/WelcomePage'));
const GoogleAuthSuccessPage = lazy(() => import('./account/GoogleAuthSuccessPage'));
const AdminLoginPage = lazy(() => import('./account/AdminLoginPage'));
const AdminDashboardPage = lazy(() => import('./account/AdminDashboardPage'));
const ProfilePage = lazy(() => import('./account/ProfilePage'));
const NotFoundPage = lazy(() => import('./public/NotFoundPage'));
const DashboardRoutes = lazy(() => import('./dashboard/DashboardRoutes'));
const ExtensionDownloadPage = lazy(() => import('./extension-download/ExtensionDownloadPage'));

/** The dashboard shell receives the logout handler: 5 s toast, then /login. */
function Dashboard() {
  const logout = useLogout(DASHBOARD_LOGOUT_TOAST_MS);
  return <DashboardRoutes onLogout={logout} />;
}

export default function App() {
  const navigate = useNavigate();
  useEffect(() => setApiNavigator((path) => navigate(path)), [navigate]);
  return (
    <>
      <ScrollManager />
      <DocumentTitle />
      <Toaster />
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<PublicLayout navigation={false} />}>
            <Route path="/" element={<LandingPage />} />
          </Route>
          <Route element={<PublicLayout />}>
            <Route path="/about" element={<AboutPage />} />
            <Route path="/services" element={<ServicesPage />} />
            <Route path="/service-details" element={<ServiceDetailsPage />} />
            <Route path="/contact" element={<ContactPage />} />
            <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
            <Route path="/terms-of-service" element={<TermsOfServicePage />} />
            <Route
              path="/login"
              element={
                <RedirectSignedIn>
                  <LoginPage />
                </RedirectSignedIn>
              }
            />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/resend-verification" element={<ResendVerificationPage />} />
            <Route path="/welcome-page" element={<WelcomePage />} />
            <Route path="/google-auth-success" element={<GoogleAuthSuccessPage />} />
            <Route path="/admin/login" element={<AdminLoginPage />} />
            <Route
              path="/admin/dashboard"
              element={
                <RequireAdmin>
                  <AdminDashboardPage />
                </RequireAdmin>
              }
            />
            <Route
              path="/profile"
              element={
                <RequireUser>
                  <ProfilePage />
                </RequireUser>
              }
            />
            <Route path="/chrome-extension-download" element={<ExtensionDownloadPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route
            path="/dashboard/*"
            element={
              <RequireUser>
                <Dashboard />
              </RequireUser>
            }
          />
        </Routes>
      </Suspense>
    </>
  );
}
