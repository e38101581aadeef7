import { type PostureStatus, poorPostureText, postureIssueName } from '@posture-vision/core';
import type { MonitorState } from '../../state/monitor-state';

export const POSTURE_LABELS: Record<PostureStatus, string> = {
  good: 'Good posture',
  poor: 'Poor posture',
  neutral: 'No one in view',
};

/** The posture as the popup says it: a poor one with its issue ("Poor posture: forward head") when it has one. */
export function postureLabel(monitor: Pick<MonitorState, 'posture' | 'issue'>): string {
  if (monitor.posture !== 'poor') return POSTURE_LABELS[monitor.posture];
  return poorPostureText(monitor.issue ? postureIssueName(monitor.issue) : null);
}

/** The posture now, large and coloured, with the link state under it. */
export function PostureSection({ monitor }: { monitor: MonitorState }) {
  const shown = monitor.phase === 'monitoring';
  const tone = shown ? monitor.posture : 'off';
  return (
    <section className={`popup-section popup-posture popup-posture-${tone}`} aria-label="Posture">
      <span className="popup-posture-dot" aria-hidden="true" />
      <div>
        <strong data-testid="posture" className={`posture-${monitor.posture}`}>
          {shown ? postureLabel(monitor) : '–'}
        </strong>
        <small className="popup-muted">
          <span data-testid="connection">{monitor.connection}</span>
          {shown && monitor.captureFps > 0 && <> · {monitor.captureFps} frame/s</>}
        </small>
      </div>
    </section>
  );
}
