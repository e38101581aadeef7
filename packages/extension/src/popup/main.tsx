import '@posture-vision/ui/tokens.css';
import '@posture-vision/ui/components.css';
import '../ui/extension.css';
import './popup.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followSystemTheme } from '../ui/theme';
import { Popup } from './Popup';

followSystemTheme();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Popup />
    </StrictMode>,
  );
