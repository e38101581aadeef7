import { lazy } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { DashboardShell } from './shell/DashboardShell';
import './dashboard.css';

// Each page is its own chunk: the overview does not load chart.js, the settings page does not load the camera.
const DashboardOverview = lazy(() => import('./overview/DashboardOverview'));
const SessionReportPage = lazy(() => import('./session-report/SessionReportPage'));
const SessionMetricsPage = lazy(() => import('./session-metrics/SessionMetricsPage'));
const AnalyticsPage = lazy(() => import('./analytics/AnalyticsPage'));
const CalibrationSummaryScreen = lazy(() => import('./calibration-summary/CalibrationSummaryScreen'));
const UserSettingsPage = lazy(() => import('./settings/UserSettingsPage'));
const PostureAnalysisPage = lazy(() => import('./samples/PostureAnalysisPage'));
const ExercisePlanPage = lazy(() => import('./samples/ExercisePlanPage'));
const ProgressTrackingPage = lazy(() => import('./samples/ProgressTrackingPage'));
const MessagesPage = lazy(() => import('./samples/MessagesPage'));
const AppointmentsPage = lazy(() => import('./samples/AppointmentsPage'));
const LegacySettingsPage = lazy(() => import('./samples/LegacySettingsPage'));
// Live features (camera, calibration, sessions) belong to their own folders.
const CalibrationPage = lazy(() => import('../calibration/CalibrationPage'));
const PhotoCalibrationWizard = lazy(() => import('../calibration/PhotoCalibrationWizard'));
const RealTimeSessionPage = lazy(() => import('../sessions/RealTimeSessionPage'));

/** Everything under /dashboard: the shell and its nested routes. */
export default function DashboardRoutes({ onLogout }: { onLogout: () => void | Promise<void> }) {
  return (
    <Routes>
      <Route element={<DashboardShell onLogout={onLogout} />}>
        <Route index element={<DashboardOverview />} />
        <Route path="posture-analysis" element={<PostureAnalysisPage />} />
        <Route path="exercise-plan" element={<ExercisePlanPage />} />
        <Route path="progress-tracking" element={<ProgressTrackingPage />} />
        <Route path="appointments" element={<AppointmentsPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="settings" element={<LegacySettingsPage />} />
        <Route path="findings-report" element={<SessionMetricsPage />} />
        <Route path="calibration" element={<CalibrationPage />} />
        <Route path="real-time-session" element={<RealTimeSessionPage />} />
        <Route path="photo-calibration" element={<PhotoCalibrationWizard />} />
        <Route path="session-report/:sessionId" element={<SessionReportPage />} />
        <Route path="session-report" element={<SessionReportPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="calibration-summary/:calibrationId" element={<CalibrationSummaryScreen />} />
        <Route path="user-settings" element={<UserSettingsPage />} />
        {/* An unknown dashboard address says so inside the shell instead of rendering nothing. */}
        <Route path="*" element={<DashboardNotFound />} />
      </Route>
    </Routes>
  );
}

/** An unknown /dashboard address, inside the shell (whose content area is already the page's main landmark). */
function DashboardNotFound() {
  return (
    <div className="pv-error-view">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
    </div>
  );
}
