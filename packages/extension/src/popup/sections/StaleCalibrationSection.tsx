// The stale-calibration warning: the person's posture has not matched the reference for several
// minutes (core's stale-calibration rule, decided by the offscreen monitor), with one click to recalibrate.
import { SESSION_MESSAGES } from '@posture-vision/core';
import { ActionNotice } from '@posture-vision/ui';
import type { MonitorState } from '../../state/monitor-state';

export function StaleCalibrationSection({
  monitor,
  onRecalibrate,
}: {
  monitor: MonitorState;
  onRecalibrate: () => void;
}) {
  if (monitor.phase !== 'monitoring' || !monitor.stale) return null;
  return (
    <ActionNotice
      className="popup-section message"
      testId="stale-calibration"
      text={SESSION_MESSAGES.staleCalibration}
      actionLabel={SESSION_MESSAGES.recalibrate}
      onAction={onRecalibrate}
    />
  );
}
