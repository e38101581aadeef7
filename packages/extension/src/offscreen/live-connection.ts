// Core's live link in the offscreen document: WebRTC video to the vision service, detection frames back.
import { createLiveLink, type LiveLinkOptions, monitorLinkAction, randomPeerId } from '@posture-vision/core';
import { ICE_SERVERS, VISION_URLS } from '../config';
import type { Connection } from '../state/monitor-state';
import type { LiveConnection, LiveEvents } from './passive-monitor';

export interface LiveAuth {
  getAccessToken(): Promise<string | null>;
  /** Renews the extension's access token (its own device session): a link that reconnects after the token
   * expired (15 min) refreshes once instead of stopping monitoring with 'Please log in'. */
  refreshAccessToken(): Promise<string | null>;
}

/** Transport overrides for tests (the browser's WebSocket and RTCPeerConnection otherwise). */
export type LinkTransport = Partial<
  Pick<LiveLinkOptions, 'WebSocket' | 'RTCPeerConnection' | 'resultsDelayMs'>
>;

export function connectLive(
  stream: MediaStream,
  auth: LiveAuth,
  events: LiveEvents,
  transport: LinkTransport = {},
): LiveConnection {
  const link = createLiveLink({
    stream,
    peerId: randomPeerId(),
    visionWsUrl: VISION_URLS.ws,
    visionHttpUrl: VISION_URLS.http,
    getAccessToken: auth.getAccessToken,
    refreshAccessToken: auth.refreshAccessToken,
    ...transport,
    iceServers: ICE_SERVERS,
    // Passive monitoring uses the posture alone: the service runs no face, hand or emotion model for it.
    show: '',
  });
  link.on('frame', ({ frame }) => events.frame(frame));
  // Core's indicator texts are exactly the popup's connection states.
  link.on('connection', ({ label }) => events.connection(label as Connection));
  link.on('state', (state) => {
    const action = monitorLinkAction(state);
    if (action === 'reconnect') {
      // The service dropped a working link (restart, network): connect again; the reference is new.
      events.lost();
      link.retry();
    } else if (action) events.failed(action.stop);
  });
  link.start();
  return {
    peerId: link.peerId,
    close: () => link.stop(),
    calibrate: async () => {
      const taken = await link.calibrate();
      return taken.ok ? (taken.reference ?? true) : false;
    },
    // Sent now and again on every reconnection (core's link keeps it).
    setReference: (reference) => link.setReference(reference),
  };
}
