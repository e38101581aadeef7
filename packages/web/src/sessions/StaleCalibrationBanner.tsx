// The stale-calibration warning of the real-time session (issue 13): the posture has not matched the reference
// for several minutes (core's stale-calibration rule, decided by the posture monitor), with one click to
// recalibrate in the live tool.
import { SESSION_MESSAGES } from '@posture-vision/core';
import { Button } from '@posture-vision/ui';

export function StaleCalibrationBanner({ onRecalibrate }: { onRecalibrate: () => void }) {
  return (
    <div className="rts-banner" role="alert" data-testid="stale-calibration">
      <p>{SESSION_MESSAGES.staleCalibration}</p>
      <Button variant="primary" onClick={onRecalibrate}>
        {SESSION_MESSAGES.recalibrate}
      </Button>
    </div>
  );
}
