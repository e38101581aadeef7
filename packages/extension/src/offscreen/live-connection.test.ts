// The extension's live link reconnecting with an expired access token refreshes it and goes on
// monitoring, instead of stopping with 'Please log in'. The vision service's sockets and the peer connection
// are the edge here: a fake service that accepts only the current token and closes 4001 otherwise (as the
// real one does for an expired token), and a peer connection that only makes an offer.
import type { DetectionFrame } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import type { Connection } from '../state/monitor-state';
import { connectLive } from './live-connection';
import type { LiveEvents } from './passive-monitor';

interface FakeSocket {
  readyState: number;
  protocols: string[];
  onopen: ((e: unknown) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  onclose: ((e: { code: number; reason: string }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** The service closes the socket. */
  drop(code: number, reason?: string): void;
}

function fakeService() {
  const service = { validToken: 'first', sockets: [] as FakeSocket[] };
  class Socket implements FakeSocket {
    readyState = 0;
    protocols: string[];
    onopen: FakeSocket['onopen'] = null;
    onmessage: FakeSocket['onmessage'] = null;
    onerror: FakeSocket['onerror'] = null;
    onclose: FakeSocket['onclose'] = null;
    constructor(_url: string, protocols?: string | string[]) {
      this.protocols = ([] as string[]).concat(protocols ?? []);
      service.sockets.push(this);
      queueMicrotask(() => {
        if (this.protocols.includes(`access_token.${service.validToken}`)) {
          this.readyState = 1;
          this.onopen?.({});
        } else this.drop(4001, 'Invalid or expired token');
      });
    }
    send() {}
    close() {
      this.readyState = 3;
    }
    /** The service closes the socket. */
    drop(code: number, reason = '') {
      this.readyState = 3;
      this.onclose?.({ code, reason });
    }
  }
  class PeerConnection {
    onicecandidate = null;
    onconnectionstatechange = null;
    localDescription = { type: 'offer', sdp: 'v=0' };
    addTrack() {}
    async createOffer() {
      return { type: 'offer', sdp: 'v=0' };
    }
    async setLocalDescription() {}
    close() {}
  }
  return { service, Socket, PeerConnection };
}

/** The monitor's side of the link, recording its events; `next(kind)` resolves on the next such event. */
function monitorEvents() {
  const seen: string[] = [];
  const waiting: { kind: string; resolve: () => void }[] = [];
  const record = (line: string) => {
    seen.push(line);
    for (const w of waiting.filter((w) => line.startsWith(w.kind))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  const events: LiveEvents = {
    frame: (_f: DetectionFrame) => record('frame'),
    connection: (c: Connection) => record(`connection ${c}`),
    failed: (message) => record(`failed ${message}`),
    lost: () => record('lost'),
  };
  const next = (kind: string) => new Promise<void>((resolve) => waiting.push({ kind, resolve }));
  return { seen, events, next };
}

const stream = { getTracks: () => [] } as unknown as MediaStream;

describe('the extension live link', () => {
  it('refreshes an expired token when it reconnects, and goes on monitoring', async () => {
    const { service, Socket, PeerConnection } = fakeService();
    const { seen, events, next } = monitorEvents();
    let token = 'first';
    const refreshes: string[] = [];
    const connected = next('connection Connected');
    const live = connectLive(
      stream,
      {
        getAccessToken: async () => token,
        refreshAccessToken: async () => {
          refreshes.push(token);
          token = 'renewed';
          return token;
        },
      },
      events,
      { WebSocket: Socket, RTCPeerConnection: PeerConnection as never, resultsDelayMs: 0 },
    );
    await connected;

    // 15 minutes later the service restarts: it drops the link, and the old token has expired meanwhile.
    service.validToken = 'renewed';
    const reconnected = next('connection Connected');
    service.sockets.at(-1)?.drop(1006);
    await reconnected;

    expect(refreshes).toEqual(['first']);
    expect(seen.filter((e) => e.startsWith('failed'))).toEqual([]);
    expect(seen).toContain('lost');
    expect(service.sockets.at(-1)?.protocols).toContain('access_token.renewed');
    live.close();
  });

  it('stops monitoring with the log-in message when the refresh fails', async () => {
    const { service, Socket, PeerConnection } = fakeService();
    const { events, next } = monitorEvents();
    service.validToken = 'someone-else';
    const failed = next('failed');
    const live = connectLive(
      stream,
      {
        getAccessToken: async () => 'expired',
        refreshAccessToken: async () => {
          throw new Error('Token refresh failed');
        },
      },
      events,
      { WebSocket: Socket, RTCPeerConnection: PeerConnection as never, resultsDelayMs: 0 },
    );
    await failed;
    live.close();
    expect(service.sockets).toHaveLength(1);
  });
});
