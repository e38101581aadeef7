// The real-time session page's one row of controls: the calibration profile, the mode, Start and Stop (which start
// and stop the live tool's camera too), the session's timer and, while it runs, the posture pill with what to do
// when nothing can be judged.
import {
  type CalibrationProfile,
  formatSessionTimer,
  type PostureVerdict,
  postureStatusText,
  type SessionMode,
  UNJUDGED_TEXTS,
  type UnjudgedReason,
} from '@posture-vision/core';
import { Button, StatusPill } from '@posture-vision/ui';
import { ProfileChooser } from '../calibration/ProfileChooser';

/** The page's control that starts a session and the camera with it; the live tool's prompt names it. */
export const START_SESSION = 'Start Session';

export interface SessionControlsProps {
  onProfile(profile: CalibrationProfile | null): void;
  mode: SessionMode;
  onMode(mode: SessionMode): void;
  /** Whether a session can be started now (and the mode changed): none runs, and the calibration was checked. */
  idle: boolean;
  canStart: boolean;
  running: boolean;
  onStart(): void;
  onStop(): void;
  seconds: number;
  posture: Pick<PostureVerdict, 'status' | 'issue'>;
  calibrated: boolean;
  /** Why nothing is judged, said with the pill; null when something is or before a reference. */
  unjudged: UnjudgedReason | null;
}

export function SessionControls(p: SessionControlsProps) {
  const { posture, unjudged } = p;
  return (
    <div className="rts-controls">
      <ProfileChooser onActiveChange={p.onProfile} />
      <fieldset disabled={!p.idle}>
        <legend>Mode</legend>
        {(['active', 'passive'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name="session-mode"
              value={m}
              checked={p.mode === m}
              onChange={() => p.onMode(m)}
            />
            {m === 'active' ? 'Active' : 'Passive'}
          </label>
        ))}
      </fieldset>
      {/* The page's one set of controls: they start and stop the camera of the live tool below too. */}
      <Button variant="primary" disabled={!p.canStart} onClick={p.onStart}>
        {START_SESSION}
      </Button>
      <Button variant="danger" disabled={!p.running} onClick={p.onStop}>
        Stop Session
      </Button>
      <span className="rts-timer" data-testid="session-timer">
        {formatSessionTimer(p.seconds)}
      </span>
      {/* The posture pill is live data: shown only while a session runs, cleared by Stop. */}
      {p.running && (
        // Announced to screen readers as it changes (a change of status, issue or reason, not every frame).
        <span className="rts-posture-status" role="status" aria-live="polite">
          <StatusPill
            tone={posture.status === 'good' ? 'good' : posture.status === 'poor' ? 'poor' : 'neutral'}
            className={unjudged ? 'rts-posture rts-posture-unjudged' : 'rts-posture'}
            data-testid="posture-status"
          >
            {postureStatusText(posture, p.calibrated, unjudged)}
          </StatusPill>
          {unjudged && (
            <span className="rts-posture-todo" data-testid="posture-todo">
              {UNJUDGED_TEXTS[unjudged].todo}
            </span>
          )}
        </span>
      )}
    </div>
  );
}
