// Where passive monitoring processes the video: on the vision service (the default, the specification's
// live link) or on this computer (device mode: the detector's web worker, no image leaves the machine).
// In server mode an unreachable vision service does not stop monitoring: it carries on on this computer and
// says so ('fallback'), both when the service is down at the start and when the link gives up later.
import { LIVE_MESSAGES, type ProcessingChoice } from '@posture-vision/core';
import type { Link, LiveConnection, LiveEvents } from './passive-monitor';

/** The popup's choice (core's, the web app's live tool offers the same), remembered in chrome.storage.local
 * under PROCESSING_KEY. */
export { type ProcessingChoice, processingChoice } from '@posture-vision/core';
/** What is running: the choice, or device mode because the service could not be reached. */
export type Processing = ProcessingChoice | 'fallback';

export const PROCESSING_KEY = 'processing';

export interface ProcessingDeps {
  choice: ProcessingChoice;
  /** Whether the vision service answers its health check (a short timeout). */
  reachable(): Promise<boolean>;
  connectLive(events: LiveEvents): LiveConnection;
  connectDevice(events: LiveEvents): LiveConnection;
  report(processing: Processing): void;
}

/**
 * A connection that starts on the chosen side and moves to this computer when the service is unreachable. Each
 * connection it opens is handed to `attach` (the live loop's), which gives it the reference of record: the
 * replacement gets the same reference as the one it replaces, and nothing here keeps a copy of it.
 */
export function connectProcessing(
  deps: ProcessingDeps,
  events: LiveEvents,
  attach: (producer: LiveConnection) => void,
): Link {
  let current: LiveConnection | null = null;
  let closed = false;
  const open = (connection: LiveConnection) => {
    current = connection;
    attach(connection);
  };
  const toDevice = (processing: Processing) => {
    if (closed) return;
    current?.close();
    deps.report(processing);
    open(deps.connectDevice(events));
  };
  if (deps.choice === 'device') toDevice('device');
  else
    void deps.reachable().then((ok) => {
      if (closed) return;
      if (!ok) return toDevice('fallback');
      deps.report('server');
      open(
        deps.connectLive({
          ...events,
          failed(message) {
            // The service stopped answering: keep monitoring here. Refused tokens and the Free Tier still stop.
            if (message === LIVE_MESSAGES.failedAfterAttempts) {
              events.lost();
              toDevice('fallback');
            } else events.failed(message);
          },
        }),
      );
    });
  return {
    get peerId() {
      return current?.peerId ?? '';
    },
    close() {
      closed = true;
      current?.close();
    },
  };
}
