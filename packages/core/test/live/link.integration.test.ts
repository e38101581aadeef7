// The live link in Node against a real answering WebRTC peer (@roamhq/wrtc) behind `ws` sockets, with a
// synthetic camera track: frames flow, retries happen, closes map to the specification's texts.

import { EventEmitter } from 'node:events';
import { sampleFrame, startAnsweringServer, syntheticCamera } from '@posture-vision/testkit/answering-peer';
import { whenTrue } from '@posture-vision/testkit/wait';
import wrtc from '@roamhq/wrtc';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  createLiveLink,
  type LiveLink,
  type LiveLinkEvents,
  type LiveLinkOptions,
  type PeerConnectionConstructor,
  type WebSocketConstructor,
} from '../../src/live';

let server: Awaited<ReturnType<typeof startAnsweringServer>>;
/** 'change' at every event of a recorded link and of the answering peer. */
const changes = new EventEmitter();
let camera: ReturnType<typeof syntheticCamera>;
const links: LiveLink[] = [];

beforeAll(async () => {
  server = await startAnsweringServer();
  server.changes.on('change', () => changes.emit('change'));
  camera = syntheticCamera();
});

afterEach(() => {
  for (const link of links.splice(0)) link.stop();
  server.reset();
});

afterAll(async () => {
  camera.stop();
  await server.close();
});

let nextPeer = 200000;

function record(link: LiveLink) {
  const seen = {
    statuses: [] as string[],
    states: [] as string[],
    connection: [] as string[],
    logs: [] as string[],
    frames: [] as LiveLinkEvents['frame'][],
    processingErrors: [] as LiveLinkEvents['processingError'][],
  };
  link.on('status', (s) => seen.statuses.push(s));
  link.on('state', (s) => seen.states.push(s));
  link.on('connection', (c) => seen.connection.push(c.indicator));
  link.on('log', (l) => seen.logs.push(l));
  link.on('frame', (f) => seen.frames.push(f));
  link.on('processingError', (e) => seen.processingErrors.push(e));
  // After the lists above are updated: a waiting check sees the new entry.
  for (const event of ['status', 'state', 'connection', 'log', 'frame', 'processingError'] as const)
    link.on(event, () => changes.emit('change'));
  return seen;
}

function makeLink(overrides: Partial<LiveLinkOptions> = {}) {
  const link = createLiveLink({
    stream: camera.stream,
    peerId: String(nextPeer++),
    visionWsUrl: server.ws,
    visionHttpUrl: server.http,
    getAccessToken: async () => 'header.payload.signature',
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    RTCPeerConnection: wrtc.RTCPeerConnection as unknown as PeerConnectionConstructor,
    iceServers: [],
    ...overrides,
  });
  links.push(link);
  return { link, seen: record(link) };
}

/** Waits until `check` holds, checking again at every event of a link or of the answering peer. */
const until = (check: () => boolean, what: string, timeoutMs = 15_000) =>
  whenTrue(changes, check, what, timeoutMs);

describe('live link against a real answering peer', () => {
  it('sends the camera video and receives detection frames, skipping waiting and malformed ones', async () => {
    const { link, seen } = makeLink();
    link.start();
    await until(() => seen.frames.length >= 8, 'eight detection frames');
    expect(server.video.frames).toBeGreaterThan(0); // the answering peer decoded real video
    expect(seen.statuses[0]).toBe(
      'Camera connected! Step 1: Click Calibrate Posture while sitting up straight',
    );
    expect(seen.states).toEqual(['connecting', 'connected']);
    expect(link.connected).toBe(true);
    expect(seen.connection).toContain('good');
    expect(seen.frames.every((f) => f.frame.status === 'ok')).toBe(true);
    expect(seen.frames[0]?.frame.body_status).toBe('Good posture');
    const later = seen.frames.slice(1);
    expect(later.every((f) => typeof f.gapMs === 'number' && typeof f.quality === 'string')).toBe(true);
    await until(() => seen.processingErrors.length > 0, 'a malformed frame');
    expect(seen.processingErrors[0]).toMatchObject({ count: 1, degraded: false, reason: 'not JSON' });
    // Both sockets carried the token as a subprotocol, the results socket after the signalling one.
    const mine = server.connections.filter((c) => c.peerId === link.peerId);
    expect(mine.map((c) => c.role)).toEqual(['offer', 'results']);
    for (const c of mine)
      expect(c.protocols).toEqual(['posture-vision.v1', 'access_token.header.payload.signature']);
    expect(seen.logs.join('\n')).not.toContain('header.payload.signature');

    link.stop();
    expect(link.state).toBe('stopped');
    await until(() => mine.every((c) => c.socket.readyState === 3), 'sockets closed by stop');
  });

  it('hands the reference of record to the service on connecting, on a change, and again on every new connection', async () => {
    const { link, seen } = makeLink();
    const reference = {
      keypoints: [{ x: 320, y: 200, score: 0.9, name: 'nose' }],
      frame: { width: 640, height: 480 },
    };
    const sent = () =>
      server.controls
        .filter((c) => c.peerId === link.peerId && c.message.type === 'reference')
        .map((c) => c.message.reference);
    link.setReference(reference);
    link.start();
    await until(() => sent().length === 1, 'the reference sent on connecting');
    expect(sent()).toEqual([reference]);
    await until(() => seen.states.includes('connected'), 'connected');
    link.setReference(null);
    await until(() => sent().length === 2, 'no reference any more');
    expect(sent()[1]).toBeNull();
    // A new connection (a new peer on the service) is told again: the last reference said, none.
    link.retry();
    await until(() => sent().length === 3, 'the reference sent again on reconnecting');
    expect(sent()[2]).toBeNull();
  });

  it('connects anonymously with only the product subprotocol', async () => {
    const { link, seen } = makeLink({ getAccessToken: () => null });
    link.start();
    await until(() => seen.states.includes('connected'), 'connected');
    const mine = server.connections.filter((c) => c.peerId === link.peerId);
    for (const c of mine) expect(c.protocols).toEqual(['posture-vision.v1']);
  });

  it('retries a failed attempt 2 s later and connects on the third attempt', async () => {
    server.behaviour.rejectOffers = 2;
    const { link, seen } = makeLink();
    link.start();
    await until(() => seen.states.includes('connected'), 'connected after retries', 20_000);
    expect(seen.statuses.slice(0, 3)).toEqual([
      'Connection attempt 1/3 failed. Retrying...',
      'Connection attempt 2/3 failed. Retrying...',
      'Camera connected! Step 1: Click Calibrate Posture while sitting up straight',
    ]);
    expect(server.offerUpgrades.count).toBe(3);
    await until(() => seen.frames.length > 0, 'frames after retries');
  }, 25_000);

  it("gives up after 3 attempts with 'Failed to connect after 3 attempts', and Retry starts again", async () => {
    server.behaviour.rejectOffers = 3;
    const { link, seen } = makeLink({ retryDelayMs: 100 });
    link.start();
    await until(() => link.state === 'failed', 'failure');
    expect(seen.statuses).toEqual([
      'Connection attempt 1/3 failed. Retrying...',
      'Connection attempt 2/3 failed. Retrying...',
      'Failed to connect after 3 attempts',
    ]);
    expect(server.offerUpgrades.count).toBe(3);
    expect(seen.connection.at(-1)).toBe('error');
    link.retry();
    await until(() => link.state === 'connected', 'connected after Retry Connection');
    expect(server.offerUpgrades.count).toBe(4);
  });

  it.each([1008, 4001, 4003])(
    "close code %i means 'Please log in to access the posture detection feature.' without retrying",
    async (code) => {
      server.behaviour.closeOfferWith = [code, 'Invalid or expired token'];
      const { link, seen } = makeLink({ retryDelayMs: 50 });
      link.start();
      await until(() => link.state === 'auth-required', 'auth required');
      // A retry is decided with a 'retrying' state and an attempt status at the close itself: none came.
      expect(seen.states).not.toContain('retrying');
      expect(seen.statuses).toEqual(['Please log in to access the posture detection feature.']);
      expect(server.offerUpgrades.count).toBe(1);
    },
  );

  it('an expired token (4001) is refreshed once and the link reconnects with the new one', async () => {
    server.behaviour.rejectToken = 'expired';
    let token = 'expired';
    let refreshes = 0;
    const { link, seen } = makeLink({
      getAccessToken: () => token,
      refreshAccessToken: async () => {
        refreshes += 1;
        token = 'fresh';
        return token;
      },
    });
    link.start();
    await until(() => link.connected, 'connected with the refreshed token');
    expect(refreshes).toBe(1);
    expect(seen.statuses).toEqual([
      'Camera connected! Step 1: Click Calibrate Posture while sitting up straight',
    ]);
    const offers = server.connections.filter((c) => c.peerId === link.peerId && c.role === 'offer');
    expect(offers.map((c) => c.protocols[1])).toEqual(['access_token.expired', 'access_token.fresh']);
  });

  it('a refresh that fails after a 4001 means the user must log in', async () => {
    server.behaviour.rejectToken = 'expired';
    const { link, seen } = makeLink({
      getAccessToken: () => 'expired',
      refreshAccessToken: async () => {
        throw new Error('Token refresh failed');
      },
    });
    link.start();
    await until(() => link.state === 'auth-required', 'auth required');
    expect(seen.statuses).toEqual(['Please log in to access the posture detection feature.']);
    expect(server.offerUpgrades.count).toBe(1);
  });

  it('without RTCPeerConnection (none in Node) the link fails with a clear status', () => {
    const { link, seen } = makeLink({ RTCPeerConnection: undefined });
    link.start();
    return until(() => link.state === 'failed', 'failed').then(() => {
      expect(seen.statuses).toEqual(['Connection error']);
      expect(seen.logs).toContain('RTCPeerConnection is not available here');
    });
  });

  it("the server's 4002 close ends the Free Tier with its reason", async () => {
    const { link, seen } = makeLink({ getAccessToken: () => null });
    link.start();
    await until(() => link.connected, 'connected');
    server.closePeer(link.peerId, 4002, 'Free Tier limit reached');
    await until(() => link.state === 'free-tier-ended', 'free tier end');
    expect(seen.statuses.at(-1)).toBe('Free Tier limit reached');
  });

  it("an ordinary close after connecting reads 'Connection closed'", async () => {
    const { link, seen } = makeLink();
    link.start();
    await until(() => link.connected, 'connected');
    server.closePeer(link.peerId, 1000, 'Peer closed');
    await until(() => link.state === 'closed', 'closed');
    expect(seen.statuses.at(-1)).toBe('Connection closed');
    expect(seen.connection.at(-1)).toBe('error');
  });

  it("the server's 1012 close (an instance draining) reconnects and frames resume", async () => {
    const { link, seen } = makeLink({ retryDelayMs: 50 });
    link.start();
    await until(() => link.connected && seen.frames.length > 0, 'first frames');
    server.closePeer(link.peerId, 1012, 'Service restarting: reconnect');
    await until(() => link.state === 'retrying', 'retrying');
    expect(seen.logs).toContain('Service restarting: reconnecting');
    const before = seen.frames.length;
    await until(() => link.connected && seen.frames.length > before, 'frames after reconnecting');
    expect(seen.statuses).not.toContain('Connection closed');
  });

  it('the watchdog warns after 5 s without frames, reports loss after 15 s, and recovers on a frame', async () => {
    server.behaviour.sendFrames = false;
    let skew = 0;
    const { link, seen } = makeLink({ watchdogIntervalMs: 20, now: () => Date.now() + skew });
    link.start();
    await until(() => link.connected, 'connected');
    skew = 5_500;
    await until(() => seen.connection.at(-1) === 'warning', 'warning');
    expect(seen.logs).not.toContain('Connection appears to be lost. Consider reconnecting.');
    skew = 15_500;
    await until(() => seen.connection.at(-1) === 'error', 'lost');
    expect(seen.logs).toContain('Connection appears to be lost. Consider reconnecting.');
    server.sendResult(link.peerId, sampleFrame());
    await until(() => seen.connection.at(-1) === 'good', 'recovered');
    expect(seen.frames).toHaveLength(1);
  });

  it('calibrates through the vision HTTP call only while connected, with the bearer token', async () => {
    server.onHttp((url) =>
      url.startsWith('/model/realtime/calibrate/')
        ? {
            status: 200,
            body: {
              message: 'Calibration successful',
              image: 'data:image/jpeg;base64,AAAA',
              outline: [
                [1, 2],
                [3, 4],
                [5, 6],
              ],
              frame_size: { width: 160, height: 120 },
              success: true,
            },
          }
        : { status: 404, body: {} },
    );
    const { link } = makeLink();
    expect(await link.calibrate()).toEqual({
      ok: false,
      status: 'Not connected to server',
      enableDebug: false,
    });
    expect(server.httpRequests).toHaveLength(0);
    link.start();
    await until(() => link.connected, 'connected');
    const result = await link.calibrate();
    expect(result).toEqual({
      ok: true,
      message: 'Calibration successful',
      image: 'data:image/jpeg;base64,AAAA',
      outline: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      frameSize: { width: 160, height: 120 },
      // This stand-in service names no reference taken.
      reference: null,
    });
    expect(server.httpRequests[0]).toEqual({
      url: `/model/realtime/calibrate/${link.peerId}`,
      authorization: 'Bearer header.payload.signature',
    });
    expect(await link.testCalibration()).toMatchObject({
      ok: true,
      body: { message: 'Calibration successful' },
    });
  });
});
