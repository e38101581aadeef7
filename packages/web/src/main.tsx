import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import App from './App';
import { startExtensionBridge } from './extension-bridge';
import { api } from './services/api';
import { applyTheme, useThemeStore } from './theme/theme-store';
import '@posture-vision/ui/tokens.css';
import '@posture-vision/ui/components.css';
import './styles/global.css';

applyTheme(useThemeStore.getState().theme);
startExtensionBridge(() => api.auth.extensionHandoff());

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
