// The live link for the offscreen document: WebRTC video to the vision service, detection frames back.
import {
  CONNECTION_LABELS,
  type ConnectionIndicator,
  isAuthCloseCode,
  LIVE_MESSAGES,
  parseDetectionFrame,
  peerStateIndicator,
  RESULTS_SOCKET_DELAY_MS,
  WATCHDOG_INTERVAL_MS,
  watchdogIndicator,
} from '@posture-vision/core';
import { VISION_URLS } from '../config';
import type { Connection } from '../state/monitor-state';
import type { LiveConnection, LiveEvents } from './passive-monitor';

const PROTOCOL = 'posture-vision.v1';

/** Core's indicator texts are exactly the popup's connection states. */
const label = (indicator: ConnectionIndicator) => CONNECTION_LABELS[indicator] as Connection;

function newPeerId(): string {
  return String(100000 + Math.floor(Math.random() * 900000));
}

export async function connectLive(
  stream: MediaStream,
  token: string,
  events: LiveEvents,
): Promise<LiveConnection> {
  const peerId = newPeerId();
  const protocols = token ? [PROTOCOL, `access_token.${token}`] : [PROTOCOL];
  const pc = new RTCPeerConnection({ iceServers: [] });
  for (const track of stream.getVideoTracks()) pc.addTrack(track, stream);
  const signalling = new WebSocket(`${VISION_URLS.ws}/combined-realtime/offer/${peerId}`, protocols);
  let results: WebSocket | null = null;
  let lastFrameAt = Date.now();
  let closed = false;

  const fail = (message: string) => {
    if (closed) return;
    close();
    events.failed(message);
  };
  const onClose = (event: CloseEvent) => {
    if (closed) return;
    if (isAuthCloseCode(event.code)) fail(LIVE_MESSAGES.loginRequired);
    else fail(event.reason || LIVE_MESSAGES.connectionClosed);
  };

  pc.onicecandidate = ({ candidate }) => {
    if (candidate && signalling.readyState === WebSocket.OPEN)
      signalling.send(
        JSON.stringify({
          type: 'candidate',
          candidate: {
            candidate: candidate.candidate,
            sdpMLineIndex: candidate.sdpMLineIndex,
            sdpMid: candidate.sdpMid,
          },
        }),
      );
  };
  pc.onconnectionstatechange = () => {
    const indicator = peerStateIndicator(pc.connectionState);
    if (indicator) events.connection(label(indicator));
  };
  signalling.onmessage = async (event) => {
    const message = JSON.parse(String(event.data)) as {
      type: string;
      sdp?: string;
      candidate?: RTCIceCandidateInit;
    };
    if (message.type === 'answer') await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp ?? '' });
    else if (message.type === 'candidate' && message.candidate) await pc.addIceCandidate(message.candidate);
  };
  signalling.onclose = onClose;

  await new Promise<void>((resolve, reject) => {
    signalling.onopen = () => resolve();
    signalling.onerror = () => reject(new Error(LIVE_MESSAGES.serverUnreachable));
  });
  signalling.onerror = null;
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  signalling.send(JSON.stringify({ type: 'offer', sdp: offer.sdp }));

  const opening = setTimeout(() => {
    results = new WebSocket(`${VISION_URLS.ws}/combined-realtime/results/${peerId}`, protocols);
    results.onmessage = (event) => {
      lastFrameAt = Date.now();
      // Malformed and 'waiting' frames are skipped; the watchdog notices a lasting silence.
      const parsed = parseDetectionFrame(String(event.data));
      if (parsed.kind === 'frame') events.frame(parsed.frame);
    };
    results.onclose = onClose;
  }, RESULTS_SOCKET_DELAY_MS);

  // Timers, not animation frames: an offscreen document never renders.
  const watchdog = setInterval(() => {
    const indicator = watchdogIndicator(Date.now() - lastFrameAt);
    if (indicator !== 'good' || pc.connectionState === 'connected') events.connection(label(indicator));
  }, WATCHDOG_INTERVAL_MS);

  function close() {
    closed = true;
    clearTimeout(opening);
    clearInterval(watchdog);
    signalling.close();
    results?.close();
    pc.close();
  }
  return { peerId, close };
}

/** GET /model/realtime/calibrate/{peerId}: the current posture becomes this peer's reference. */
export async function takeReference(peerId: string, token: string | null): Promise<boolean> {
  const response = await fetch(`${VISION_URLS.http}/model/realtime/calibrate/${peerId}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return response.ok && body?.message === 'Calibration successful';
}
