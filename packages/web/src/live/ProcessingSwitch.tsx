// The live tool's "Process video on this computer" switch, next to Start Camera: on, the camera
// video is analysed in this browser (device-link.ts) and nothing is sent to the vision service; off, the
// vision service analyses it (the default). Remembered in localStorage; changed while the camera is off.
import { PROCESSING_MESSAGES, type ProcessingChoice } from '@posture-vision/core';
import type { LiveController, LiveState } from './live-controller.ts';
import { rememberProcessingChoice } from './processing-choice.ts';

export function ProcessingSwitch({ controller, state }: { controller: LiveController; state: LiveState }) {
  const running = state.camera !== 'idle';
  const choose = (choice: ProcessingChoice) => {
    controller.setProcessing(choice);
    rememberProcessingChoice(choice);
  };
  return (
    <label
      className="live-processing"
      title={running ? 'Stop the camera to change where the video is processed' : undefined}
    >
      <input
        type="checkbox"
        data-testid="process-on-device"
        checked={state.processing === 'device'}
        disabled={running}
        onChange={(e) => choose(e.target.checked ? 'device' : 'server')}
      />{' '}
      {PROCESSING_MESSAGES.choice}
    </label>
  );
}
