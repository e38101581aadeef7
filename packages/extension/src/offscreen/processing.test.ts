import { createLiveLoop, LIVE_MESSAGES, type ProfileReference } from '@posture-vision/core';
import { describe, expect, it, vi } from 'vitest';
import type { LiveConnection, LiveEvents } from './passive-monitor';
import { connectProcessing, type Processing, type ProcessingChoice } from './processing';

function harness(choice: ProcessingChoice, reachable: boolean) {
  const opened: string[] = [];
  const closed: string[] = [];
  const reports: Processing[] = [];
  const failures: string[] = [];
  let liveEvents: LiveEvents | null = null;
  /** References handed to each connection, as `kind: reference`. */
  const handed: string[] = [];
  const connection = (kind: string): LiveConnection => {
    opened.push(kind);
    return {
      peerId: kind,
      close: () => closed.push(kind),
      calibrate: async () => true,
      setReference: (reference) => handed.push(`${kind}: ${reference ? 'profile' : 'none'}`),
    };
  };
  const events: LiveEvents = {
    frame: () => {},
    connection: () => {},
    failed: (m) => failures.push(m),
    lost: () => {},
  };
  // Core's live loop, as the monitor attaches to it: it hands each connection opened the reference of record.
  const loop = createLiveLoop();
  let detach = () => {};
  const c = connectProcessing(
    {
      choice,
      reachable: async () => reachable,
      connectLive: (e) => {
        liveEvents = e;
        return connection('live');
      },
      connectDevice: () => connection('device'),
      report: (p) => reports.push(p),
    },
    events,
    (producer) => {
      detach();
      detach = loop.attach({ setReference: (reference) => producer.setReference(reference) });
    },
  );
  const setReference = (next: ProfileReference | null) => loop.adoptReference(next);
  // The choice is made after an asynchronous reachability check: wait until a connection has been opened.
  const settle = () => vi.waitFor(() => expect(opened.length).toBeGreaterThan(0));
  return { c, opened, closed, reports, failures, handed, settle, setReference, live: () => liveEvents };
}

describe('where passive monitoring processes the video', () => {
  it('uses the vision service by default and this computer when chosen, without asking the service', async () => {
    const server = harness('server', true);
    await server.settle();
    expect(server.opened).toEqual(['live']);
    expect(server.reports).toEqual(['server']);
    const device = harness('device', true);
    await device.settle();
    expect(device.opened).toEqual(['device']);
    expect(device.reports).toEqual(['device']);
  });

  it('falls back to this computer when the service is unreachable at the start', async () => {
    const h = harness('server', false);
    await h.settle();
    expect(h.opened).toEqual(['device']);
    expect(h.reports).toEqual(['fallback']);
    expect(h.failures).toEqual([]);
  });

  it('falls back when the link gives up later, but still stops on a refused login', async () => {
    const h = harness('server', true);
    await h.settle();
    h.live()?.failed(LIVE_MESSAGES.failedAfterAttempts);
    expect(h.closed).toEqual(['live']);
    expect(h.opened).toEqual(['live', 'device']);
    expect(h.reports).toEqual(['server', 'fallback']);
    const refused = harness('server', true);
    await refused.settle();
    refused.live()?.failed(LIVE_MESSAGES.loginRequired);
    expect(refused.failures).toEqual([LIVE_MESSAGES.loginRequired]);
    expect(refused.opened).toEqual(['live']);
  });

  it('attaches the connection running, and the one that replaces it, so each gets the reference of record', async () => {
    const h = harness('server', true);
    const reference = { keypoints: [], frame: { width: 640, height: 480 } };
    // Said before the reachability check settled: the first connection gets it as it opens.
    h.setReference(reference);
    await h.settle();
    expect(h.handed).toEqual(['live: profile']);
    h.live()?.failed(LIVE_MESSAGES.failedAfterAttempts);
    expect(h.handed).toEqual(['live: profile', 'device: profile']);
    h.setReference(null);
    expect(h.handed).toEqual(['live: profile', 'device: profile', 'device: none']);
  });
});
