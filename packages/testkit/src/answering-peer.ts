// An in-test vision stand-in: answers the live link's offer with a real WebRTC peer (@roamhq/wrtc),
// counts the decoded video frames it receives, and sends detection frames on the results socket. It speaks
// the production contract: core's subprotocol, token and close codes (live/socket-contract) and core's
// signalling messages (live/signalling), the ones the vision service uses.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { DetectionFrame } from '@posture-vision/core/detection';
import {
  answerOffer,
  candidateMessage,
  LIVE_CLOSE,
  LIVE_SUBPROTOCOL,
  tokenFromProtocols,
} from '@posture-vision/core/live';
import wrtc from '@roamhq/wrtc';
import { type WebSocket, WebSocketServer } from 'ws';
import { detectionFrame } from './frames.ts';

export interface Behaviour {
  /** Refuse this many offer-socket upgrades (the attempt fails like an unreachable server). */
  rejectOffers: number;
  /** Close the offer socket right after accepting it, with this code. */
  closeOfferWith: [number, string] | null;
  /** Send detection frames for received video frames. */
  sendFrames: boolean;
  /** Close sockets that carry this (expired) access token with 4001. */
  rejectToken: string | null;
}

export interface Connection {
  role: 'offer' | 'results';
  peerId: string;
  protocols: string[];
  socket: WebSocket;
}

/** The frame the stand-in sends for each received video frame: one keypoint, no temporal data. */
export function sampleFrame(): DetectionFrame {
  return detectionFrame({
    hns: { poses: [[{ x: 0.5, y: 0.4 }]], boxes: [], emotions: [] },
    temporal_posture_data: null,
  });
}

export async function startAnsweringServer() {
  const behaviour: Behaviour = { rejectOffers: 0, closeOfferWith: null, sendFrames: true, rejectToken: null };
  const connections: Connection[] = [];
  const offerUpgrades = { count: 0 };
  const video = { frames: 0 };
  const peers: RTCPeerConnection[] = [];
  const sinks: { stop(): void }[] = [];
  const httpRequests: { url: string; authorization: string | undefined }[] = [];
  /** Every offer-socket message that is not signalling (the tool's tier, the reference of record), in order. */
  const controls: { peerId: string; message: Record<string, unknown> }[] = [];
  /** Emits 'change' whenever a count or list above changes, so tests wait for a state instead of sleeping. */
  const changes = new EventEmitter();
  const changed = () => changes.emit('change');
  let httpHandler: (url: string) => { status: number; body: unknown } = () => ({ status: 404, body: {} });

  const server: Server = createServer((req, res) => {
    httpRequests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    changed();
    const { status, body } = httpHandler(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has(LIVE_SUBPROTOCOL) ? LIVE_SUBPROTOCOL : false),
  });

  const resultsFor = (peerId: string) =>
    connections.filter((c) => c.role === 'results' && c.peerId === peerId && c.socket.readyState === 1);

  function answer(socket: WebSocket, peerId: string) {
    let pc: RTCPeerConnection | null = null;
    const handle = async (data: unknown) => {
      const message = JSON.parse(String(data));
      if (message.type === 'offer') {
        pc = new wrtc.RTCPeerConnection({ iceServers: [] }) as unknown as RTCPeerConnection;
        peers.push(pc);
        pc.onicecandidate = ({ candidate }) => {
          const message = candidateMessage(candidate);
          if (message && socket.readyState === 1) socket.send(JSON.stringify(message));
        };
        pc.ontrack = ({ track }) => {
          const sink = new wrtc.nonstandard.RTCVideoSink(track as never);
          sinks.push(sink);
          sink.onframe = () => {
            video.frames += 1;
            changed();
            if (!behaviour.sendFrames) return;
            for (const r of resultsFor(peerId)) {
              // Every fifth frame is malformed or 'waiting': the link must skip both without failing.
              if (video.frames % 10 === 3) r.socket.send('{"status":"ok","hns":');
              else if (video.frames % 10 === 6) r.socket.send(JSON.stringify({ status: 'waiting' }));
              else r.socket.send(JSON.stringify({ ...sampleFrame(), timestamp: video.frames }));
            }
          };
        };
        socket.send(JSON.stringify(await answerOffer(pc, message.sdp)));
      } else if (message.type === 'candidate') {
        if (pc) await pc.addIceCandidate(message.candidate);
      } else {
        controls.push({ peerId, message });
        changed();
      }
    };
    socket.on('message', (data) => {
      handle(data).catch((error) => {
        // The client may close its peer (a test ending, a retry) while its offer or candidates are still being
        // answered: the closed connection's refusal is expected then, and anything else is still an error.
        if (pc?.signalingState === 'closed' || socket.readyState !== 1) return;
        throw error;
      });
    });
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = /^\/combined-realtime\/(offer|results)\/(\w+)$/.exec(req.url ?? '');
    if (!match) return socket.destroy();
    const role = match[1] as 'offer' | 'results';
    const peerId = match[2] as string;
    if (role === 'offer') {
      offerUpgrades.count += 1;
      changed();
      if (behaviour.rejectOffers > 0) {
        behaviour.rejectOffers -= 1;
        socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
        return;
      }
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      connections.push({ role, peerId, protocols, socket: ws });
      ws.on('close', changed);
      changed();
      const token = tokenFromProtocols(req.headers['sec-websocket-protocol']);
      if (behaviour.rejectToken && token === behaviour.rejectToken) {
        ws.close(...LIVE_CLOSE.invalidToken);
        return;
      }
      if (role === 'offer' && behaviour.closeOfferWith) {
        ws.close(...behaviour.closeOfferWith);
        return;
      }
      if (role === 'offer') answer(ws, peerId);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    behaviour,
    changes,
    connections,
    controls,
    offerUpgrades,
    video,
    httpRequests,
    ws: `ws://127.0.0.1:${port}`,
    http: `http://127.0.0.1:${port}`,
    onHttp(handler: typeof httpHandler) {
      httpHandler = handler;
    },
    /** Closes every socket of a peer with a code, as the vision service does. */
    closePeer(peerId: string, code: number, reason: string) {
      for (const c of connections)
        if (c.peerId === peerId && c.socket.readyState === 1) c.socket.close(code, reason);
    },
    sendResult(peerId: string, frame: unknown) {
      for (const r of resultsFor(peerId)) r.socket.send(JSON.stringify(frame));
    },
    reset() {
      Object.assign(behaviour, {
        rejectOffers: 0,
        closeOfferWith: null,
        sendFrames: true,
        rejectToken: null,
      });
      for (const c of connections) c.socket.terminate();
      connections.length = 0;
      controls.length = 0;
      offerUpgrades.count = 0;
      for (const sink of sinks.splice(0)) sink.stop();
      for (const pc of peers.splice(0)) pc.close();
      httpRequests.length = 0;
    },
    async close() {
      this.reset();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A synthetic camera: a wrtc video source fed one I420 frame (default: grey 160×120) at 10 fps; `show`
 * changes the picture (e.g. a person sitting upright, then slouching). */
export function syntheticCamera(
  frame: { width: number; height: number; data: Uint8Array } = {
    width: 160,
    height: 120,
    data: new Uint8Array(160 * 120 * 1.5).fill(128),
  },
) {
  const source = new wrtc.nonstandard.RTCVideoSource();
  const track = source.createTrack();
  let shown = frame;
  const timer = setInterval(() => source.onFrame(shown), 100);
  const stream = new wrtc.MediaStream([track]) as unknown as MediaStream;
  return {
    stream,
    show(next: { width: number; height: number; data: Uint8Array }) {
      shown = next;
    },
    stop() {
      clearInterval(timer);
      track.stop();
    },
  };
}
