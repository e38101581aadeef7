// Core's live link in the offscreen document: WebRTC video to the vision service, detection frames back.
import { createLiveLink, LIVE_MESSAGES, type LiveLinkState, randomPeerId } from '@posture-vision/core';
import { VISION_URLS } from '../config';
import type { Connection } from '../state/monitor-state';
import type { LiveConnection, LiveEvents } from './passive-monitor';

/** Why monitoring stops when the link ends in these states. */
const FATAL: Partial<Record<LiveLinkState, string>> = {
  failed: LIVE_MESSAGES.failedAfterAttempts,
  'auth-required': LIVE_MESSAGES.loginRequired,
  'free-tier-ended': LIVE_MESSAGES.freeTierLimit,
};

export function connectLive(
  stream: MediaStream,
  getAccessToken: () => Promise<string | null>,
  events: LiveEvents,
): LiveConnection {
  const link = createLiveLink({
    stream,
    peerId: randomPeerId(),
    visionWsUrl: VISION_URLS.ws,
    visionHttpUrl: VISION_URLS.http,
    getAccessToken,
    // Passive monitoring uses the posture alone: the service runs no face, hand or emotion model for it.
    show: '',
  });
  link.on('frame', ({ frame }) => events.frame(frame));
  // Core's indicator texts are exactly the popup's connection states.
  link.on('connection', ({ label }) => events.connection(label as Connection));
  link.on('state', (state) => {
    const fatal = FATAL[state];
    if (fatal) events.failed(fatal);
    else if (state === 'closed') {
      // The service dropped a working link (restart, network): connect again; the reference is new.
      events.lost();
      link.retry();
    }
  });
  link.start();
  return {
    peerId: link.peerId,
    close: () => link.stop(),
    calibrate: async () => (await link.calibrate()).ok,
  };
}
