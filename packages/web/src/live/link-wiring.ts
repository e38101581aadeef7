// The live tool's side of core's live link: which link event changes
// what in the tool. The link itself (sockets, peer connection, retries, auth closes, watchdog) is core's.
// In device mode the same handlers are fed by the on-device detector instead (device-link.ts).
import {
  type ConnectionIndicator,
  createLiveLink,
  type DetectionFrame,
  type FrameQuality,
  type IceServer,
  type LiveLink,
  type LiveLinkState,
  type ProcessingErrorStep,
  randomPeerId,
} from '@posture-vision/core';

export interface LinkHandlers {
  status(status: string): void;
  log(line: string): void;
  connection(indicator: ConnectionIndicator): void;
  state(state: LiveLinkState): void;
  frame(frame: DetectionFrame, quality: FrameQuality | null): void;
  processingError(step: ProcessingErrorStep): void;
}

/** What the tool asks of an open link, whether to the vision service or on this computer (device-link.ts). */
export type ToolLink = Pick<LiveLink, 'calibrate' | 'testCalibration' | 'setTier' | 'setReference'> & {
  readonly peerId: string | null;
};

/** Subscribes the handlers to a link's events; answers the function that unsubscribes them all. */
export function wireLink(link: Pick<LiveLink, 'on'>, h: LinkHandlers): () => void {
  const offs = [
    link.on('status', (status) => h.status(status)),
    link.on('log', (line) => h.log(line)),
    link.on('connection', ({ indicator }) => h.connection(indicator)),
    link.on('state', (state) => h.state(state)),
    link.on('frame', ({ frame, quality }) => h.frame(frame, quality)),
    link.on('processingError', (step) => h.processingError(step)),
  ];
  return () => {
    for (const off of offs) off();
  };
}

export interface ToolLinkOptions {
  visionHttp: string;
  visionWs: string;
  getToken: () => string | null;
  refreshToken?: () => Promise<string | null>;
  /** STUN/TURN servers of the peer connection (services/api.ts: VITE_ICE_SERVERS or the public STUN). */
  iceServers?: IceServer[];
  /** The tool's tier now: the vision service cuts anonymous Free use at 120 s and never Pro (unlimited time). */
  tier?: () => 'free' | 'pro';
}

/** Opens a link for the camera stream with a fresh random peer id, wired to the handlers, and starts it. */
export function openToolLink(
  stream: MediaStream,
  options: ToolLinkOptions,
  handlers: LinkHandlers,
): { link: ToolLink; close(): void } {
  const link = createLiveLink({
    stream,
    peerId: randomPeerId(),
    visionWsUrl: options.visionWs,
    visionHttpUrl: options.visionHttp,
    getAccessToken: options.getToken,
    refreshAccessToken: options.refreshToken,
    iceServers: options.iceServers,
    tier: options.tier,
  });
  const unwire = wireLink(link, handlers);
  link.start();
  return {
    link,
    close() {
      unwire();
      link.stop();
    },
  };
}
