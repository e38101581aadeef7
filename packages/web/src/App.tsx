import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// Route-level code splitting: the landing page never loads the dashboard's code.
const DashboardRoutes = lazy(() => import('./dashboard/DashboardRoutes'));
const ExtensionDownloadPage = lazy(() => import('./extension-download/ExtensionDownloadPage'));

export default function App() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/dashboard/*" element={<DashboardRoutes onLogout={() => undefined} />} />
        <Route path="/chrome-extension-download" element={<ExtensionDownloadPage />} />
        <Route path="/" element={<h1>Posture Vision</h1>} />
      </Routes>
    </Suspense>
  );
}
