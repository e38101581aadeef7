import { batteryStatusText } from '../../rules/battery';
import type { MonitorState, Phase } from '../../state/monitor-state';

/** Phases with the camera on, whose rate the battery choice sets (a pause for the battery is the phase's message). */
const WATCHING: Phase[] = ['starting', 'calibrating', 'monitoring'];

/** What is in force on battery while monitoring runs: as usual, or the slower watch. Nothing on mains. */
export function BatterySection({ monitor }: { monitor: MonitorState }) {
  const text = WATCHING.includes(monitor.phase) ? batteryStatusText(monitor.power ?? null) : null;
  if (!text) return null;
  return (
    <p className="popup-section popup-battery" data-testid="battery">
      {text}
    </p>
  );
}
