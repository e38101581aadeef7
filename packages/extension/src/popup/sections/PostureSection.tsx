import type { PostureStatus } from '@posture-vision/core';
import type { MonitorState } from '../../state/monitor-state';

export const POSTURE_LABELS: Record<PostureStatus, string> = {
  good: 'Good posture',
  poor: 'Poor posture',
  neutral: 'No one in view',
};

/** The posture now, large and coloured, with the link state under it. */
export function PostureSection({ monitor }: { monitor: MonitorState }) {
  const shown = monitor.phase === 'monitoring';
  const tone = shown ? monitor.posture : 'off';
  return (
    <section className={`popup-section popup-posture popup-posture-${tone}`} aria-label="Posture">
      <span className="popup-posture-dot" aria-hidden="true" />
      <div>
        <strong data-testid="posture" className={`posture-${monitor.posture}`}>
          {shown ? POSTURE_LABELS[monitor.posture] : '–'}
        </strong>
        <small className="popup-muted">
          <span data-testid="connection">{monitor.connection}</span>
          {shown && monitor.captureFps > 0 && <> · {monitor.captureFps} frame/s</>}
        </small>
      </div>
    </section>
  );
}
