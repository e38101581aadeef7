// The stale-calibration warning of the real-time session: the posture has not matched the reference
// for several minutes (core's stale-calibration rule, decided by the posture monitor), with one click to
// recalibrate in the live tool.
import { SESSION_MESSAGES } from '@posture-vision/core';
import { ActionNotice } from '@posture-vision/ui';

export function StaleCalibrationBanner({ onRecalibrate }: { onRecalibrate: () => void }) {
  return (
    <ActionNotice
      className="rts-banner"
      testId="stale-calibration"
      text={SESSION_MESSAGES.staleCalibration}
      actionLabel={SESSION_MESSAGES.recalibrate}
      onAction={onRecalibrate}
    />
  );
}
