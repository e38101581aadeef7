// The stale-calibration warning: the person's posture has not matched the reference for several minutes (core's
// stale-calibration rule, decided by the posture monitor), with one click to recalibrate. The web app's
// real-time session and the extension's popup show the same words and action.
import { SESSION_MESSAGES } from '@posture-vision/core/sessions';
import { ActionNotice } from './ActionNotice';

export interface StaleCalibrationNoticeProps {
  onRecalibrate(): void;
  className?: string;
}

export function StaleCalibrationNotice({ onRecalibrate, className }: StaleCalibrationNoticeProps) {
  return (
    <ActionNotice
      className={className}
      testId="stale-calibration"
      text={SESSION_MESSAGES.staleCalibration}
      actionLabel={SESSION_MESSAGES.recalibrate}
      onAction={onRecalibrate}
    />
  );
}
