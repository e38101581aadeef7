// Where live video is processed: by the vision service (the specification's live link, the
// default) or on this computer (the detector in a web worker or the extension's offscreen document; no image
// leaves the machine). The web app's live tool and the extension's popup offer the same remembered choice.

export type ProcessingChoice = 'server' | 'device';

/** The web app's localStorage key of the choice (the extension keeps its own in chrome.storage.local). */
export const PROCESSING_STORAGE_KEY = 'postureVisionProcessing';

/** A stored value read back: 'device' only when it says so; anything else is the default, the server. */
export function processingChoice(stored: string | null | undefined): ProcessingChoice {
  return stored === 'device' ? 'device' : 'server';
}

export const PROCESSING_MESSAGES = {
  /** The switch's label, in the web app's live tool and the extension's popup. */
  choice: 'Process video on this computer',
  server: 'Video processed by the vision service',
  device: 'Video processed on this computer',
  fallback: 'Vision service unreachable: video processed on this computer',
  /** The live tool's model status and progress line in device mode. */
  deviceModels: 'on this computer',
  loadingDeviceModels: 'Loading the pose models on this computer',
  deviceStarted: 'Camera started. Loading the pose models on this computer...',
  deviceFailed: 'On-device detection could not start',
} as const;

/** What the live tool says when on-device detection cannot start (the reason from the detector). */
export const deviceFailedStatus = (reason: string) => `${PROCESSING_MESSAGES.deviceFailed}: ${reason}`;
