// The stale-calibration warning in the popup, while monitoring: ui's notice, decided by the offscreen monitor.
import { StaleCalibrationNotice } from '@posture-vision/ui';
import type { MonitorState } from '../../state/monitor-state';

export function StaleCalibrationSection({
  monitor,
  onRecalibrate,
}: {
  monitor: MonitorState;
  onRecalibrate: () => void;
}) {
  if (monitor.phase !== 'monitoring' || !monitor.stale) return null;
  return <StaleCalibrationNotice className="popup-section message" onRecalibrate={onRecalibrate} />;
}
