// The stale-calibration warning (issue 13): the person's posture has not matched the reference for several
// minutes (core's stale-calibration rule, decided by the offscreen monitor), with one click to recalibrate.
import { SESSION_MESSAGES } from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
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
    <section className="popup-section message" role="alert" data-testid="stale-calibration">
      <p>{SESSION_MESSAGES.staleCalibration}</p>
      <Button variant="primary" onClick={onRecalibrate}>
        {SESSION_MESSAGES.recalibrate}
      </Button>
    </section>
  );
}
