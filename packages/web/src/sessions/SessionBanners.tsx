// What the real-time session page says above its controls: a failure (with the way to calibration when it is
// about calibration), why this tab's session stopped without its Stop, a session still running offered back, a
// saved reference refused, and a calibration gone stale.
import { mentionsCalibration, SESSION_MESSAGES, type SessionMode } from '@posture-vision/core';
import { ActionNotice, Button, StaleCalibrationNotice } from '@posture-vision/ui';

/** A session of this user still running on the API (GET /sessions/active): after a reload, or from another tab. */
export interface RunningSession {
  id: string;
  mode: SessionMode;
  startTime: string;
}

/** Why the active profile's saved reference is not used, and the page's way to a new one. */
const refusedText = (reason: string) =>
  SESSION_MESSAGES.savedReferenceRefused(reason, SESSION_MESSAGES.recalibrateWhenRunning);

export interface SessionBannersProps {
  error: string | null;
  onGoToCalibration(): void;
  notice: string | null;
  /** The running session offered back (shown only while no session runs here), and whether it can be resumed. */
  offer: RunningSession | null;
  canResume: boolean;
  onResume(offer: RunningSession): void;
  onEndOffered(offer: RunningSession): void;
  refusedReference: string | null;
  stale: boolean;
  running: boolean;
  onRecalibrate(): void;
}

export function SessionBanners(p: SessionBannersProps) {
  const { offer, refusedReference, running } = p;
  return (
    <>
      {p.error && (
        <div className="rts-banner" role="alert">
          <p>{p.error}</p>
          {mentionsCalibration(p.error) && (
            <Button onClick={p.onGoToCalibration}>{SESSION_MESSAGES.goToCalibration}</Button>
          )}
        </div>
      )}
      {p.notice && (
        <p className="rts-banner" role="status" data-testid="session-notice">
          {p.notice}
        </p>
      )}
      {offer && (
        <section className="rts-offer" data-testid="running-session-offer" aria-label="Running session">
          <p>{SESSION_MESSAGES.sessionStillRunning(new Date(offer.startTime).toLocaleTimeString())}</p>
          <Button variant="primary" disabled={!p.canResume} onClick={() => p.onResume(offer)}>
            {SESSION_MESSAGES.resumeSession}
          </Button>
          <Button variant="danger" onClick={() => p.onEndOffered(offer)}>
            {SESSION_MESSAGES.endSession}
          </Button>
        </section>
      )}
      {refusedReference &&
        (running ? (
          <ActionNotice
            className="rts-banner"
            testId="saved-reference-refused"
            text={refusedText(refusedReference)}
            actionLabel={SESSION_MESSAGES.recalibrate}
            onAction={p.onRecalibrate}
          />
        ) : (
          <p className="rts-banner" role="status" data-testid="saved-reference-refused">
            {refusedText(refusedReference)}
          </p>
        ))}
      {p.stale && running && (
        <StaleCalibrationNotice className="rts-banner" onRecalibrate={p.onRecalibrate} />
      )}
    </>
  );
}
