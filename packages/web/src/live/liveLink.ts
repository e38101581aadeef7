// The live link to the vision service (document 2, sections 7.1 and 4.1): a 6-digit peer id, the signalling
// socket, the peer connection that sends the camera, and the results socket opened 1 s later.
// Temporary in the web app until core's createLiveLink lands.
import { type DetectionFrame, LIVE_MESSAGES, RESULTS_SOCKET_DELAY_MS } from '@posture-vision/core';

export function randomPeerId(): number {
  return 100000 + Math.floor(Math.random() * 900000);
}

/** The subprotocols that carry the access token (never logged). */
export function liveProtocols(token: string | null): string[] {
  return token ? ['posture-vision.v1', `access_token.${token}`] : ['posture-vision.v1'];
}

export type LinkEvent =
  | { type: 'results-open' }
  | { type: 'frame'; frame: DetectionFrame }
  | { type: 'peer-state'; state: RTCPeerConnectionState }
  | { type: 'error'; message: string }
  | { type: 'closed'; code: number; reason: string; channel: 'offer' | 'results' };

export interface LiveLinkOptions {
  wsBase: string;
  token: string | null;
  stream: MediaStream;
  onEvent: (event: LinkEvent) => void;
}

export interface LiveLink {
  peerId: number;
  connected(): boolean;
  close(): void;
}

/** Opens one connection attempt; resolves once the signalling socket is open, rejects if it fails to open. */
export function openLiveLink(options: LiveLinkOptions): Promise<LiveLink> {
  const peerId = randomPeerId();
  const protocols = liveProtocols(options.token);
  const pc = new RTCPeerConnection({ iceServers: [] });
  for (const track of options.stream.getVideoTracks()) pc.addTrack(track, options.stream);
  let results: WebSocket | null = null;
  let resultsTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const emit = options.onEvent;
  const offer = new WebSocket(`${options.wsBase}/combined-realtime/offer/${peerId}`, protocols);

  const send = (message: unknown) => {
    if (offer.readyState === WebSocket.OPEN) offer.send(JSON.stringify(message));
  };
  pc.onicecandidate = (e) => {
    if (e.candidate)
      send({
        type: 'candidate',
        candidate: {
          candidate: e.candidate.candidate,
          sdpMLineIndex: e.candidate.sdpMLineIndex,
          sdpMid: e.candidate.sdpMid,
        },
      });
  };
  pc.onconnectionstatechange = () => {
    if (!closed) emit({ type: 'peer-state', state: pc.connectionState });
  };
  offer.onmessage = async (e) => {
    try {
      const message = JSON.parse(String(e.data));
      if (message.type === 'answer') await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
      else if (message.type === 'candidate' && message.candidate) await pc.addIceCandidate(message.candidate);
    } catch {
      if (!closed) emit({ type: 'error', message: LIVE_MESSAGES.connectionError });
    }
  };

  const openResults = () => {
    if (closed) return;
    const socket = new WebSocket(`${options.wsBase}/combined-realtime/results/${peerId}`, protocols);
    results = socket;
    socket.onopen = () => emit({ type: 'results-open' });
    socket.onmessage = (e) => {
      try {
        emit({ type: 'frame', frame: JSON.parse(String(e.data)) as DetectionFrame });
      } catch {
        emit({ type: 'error', message: LIVE_MESSAGES.connectionError });
      }
    };
    socket.onerror = () => !closed && emit({ type: 'error', message: LIVE_MESSAGES.connectionError });
    socket.onclose = (e) =>
      !closed && emit({ type: 'closed', code: e.code, reason: e.reason, channel: 'results' });
  };

  const link: LiveLink = {
    peerId,
    connected: () => !closed && offer.readyState === WebSocket.OPEN,
    close() {
      closed = true;
      clearTimeout(resultsTimer);
      offer.close();
      results?.close();
      pc.close();
    },
  };

  return new Promise((resolve, reject) => {
    offer.onopen = async () => {
      offer.onclose = (e) =>
        !closed && emit({ type: 'closed', code: e.code, reason: e.reason, channel: 'offer' });
      offer.onerror = () => !closed && emit({ type: 'error', message: LIVE_MESSAGES.connectionError });
      resultsTimer = setTimeout(openResults, RESULTS_SOCKET_DELAY_MS);
      try {
        const description = await pc.createOffer();
        await pc.setLocalDescription(description);
        send({ type: 'offer', sdp: description.sdp });
        resolve(link);
      } catch (error) {
        link.close();
        reject(error);
      }
    };
    offer.onclose = (e) => {
      link.close();
      const error = new Error(e.reason || LIVE_MESSAGES.connectionClosed) as Error & { code?: number };
      error.code = e.code;
      reject(error);
    };
  });
}
