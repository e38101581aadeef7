import { Logo, StatusPill } from '@posture-vision/ui';
import type { Phase } from '../../state/monitor-state';

export const PHASE_LABELS: Record<Phase, string> = {
  stopped: 'Not monitoring',
  starting: 'Starting…',
  calibrating: 'Calibrating',
  monitoring: 'Monitoring',
  paused: 'Paused',
  error: 'Stopped',
};

const PHASE_TONES = {
  stopped: 'neutral',
  starting: 'info',
  calibrating: 'info',
  monitoring: 'good',
  paused: 'warn',
  error: 'poor',
} as const;

export function PopupHeader({ phase }: { phase: Phase }) {
  return (
    <header className="popup-header">
      <Logo size={24} />
      <StatusPill tone={PHASE_TONES[phase]} data-testid="phase">
        {PHASE_LABELS[phase]}
      </StatusPill>
    </header>
  );
}
