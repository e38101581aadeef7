import {
  captureRateText,
  type PostureStatus,
  poorPostureText,
  postureIssueName,
  UNJUDGED_TEXTS,
} from '@posture-vision/core';
import type { MonitorState } from '../../state/monitor-state';

export const POSTURE_LABELS: Record<PostureStatus, string> = {
  good: 'Good posture',
  poor: 'Poor posture',
  neutral: 'No one in view',
};

/** The posture as the popup says it: a poor one with its issue ("Poor posture: forward head") when it has one, a
 * neutral one by what the monitor cannot see ("Too dark to see you") when the frame said why. */
export function postureLabel(monitor: Pick<MonitorState, 'posture' | 'issue' | 'unjudged'>): string {
  if (monitor.posture === 'neutral' && monitor.unjudged) return UNJUDGED_TEXTS[monitor.unjudged].what;
  if (monitor.posture !== 'poor') return POSTURE_LABELS[monitor.posture];
  return poorPostureText(monitor.issue ? postureIssueName(monitor.issue) : null);
}

/** What to do so the posture is judged again, while nothing is; null otherwise. */
export function postureTodo(monitor: Pick<MonitorState, 'posture' | 'unjudged'>): string | null {
  return monitor.posture === 'neutral' && monitor.unjudged ? UNJUDGED_TEXTS[monitor.unjudged].todo : null;
}

/** The posture now, large and coloured, with what to do when nothing is judged and the link state under it. */
export function PostureSection({ monitor }: { monitor: MonitorState }) {
  const shown = monitor.phase === 'monitoring';
  const tone = shown ? monitor.posture : 'off';
  const todo = shown ? postureTodo(monitor) : null;
  return (
    <section className={`popup-section popup-posture popup-posture-${tone}`} aria-label="Posture">
      <span className="popup-posture-dot" aria-hidden="true" />
      <div>
        {/* Announced as it changes: the posture, or why nothing is judged and what to do. */}
        <div role="status" aria-live="polite">
          <strong data-testid="posture" className={`posture-${monitor.posture}`}>
            {shown ? postureLabel(monitor) : '–'}
          </strong>
          {todo && (
            <span className="popup-posture-todo" data-testid="posture-todo">
              {todo}
            </span>
          )}
        </div>
        <small className="popup-muted">
          <span data-testid="connection">{monitor.connection}</span>
          {shown && monitor.captureFps > 0 && <> · {captureRateText(monitor.captureFps)}</>}
        </small>
      </div>
    </section>
  );
}
