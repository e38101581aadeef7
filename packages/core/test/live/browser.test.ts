// The live link in a real page: Chromium's own WebSocket and RTCPeerConnection, its fake camera, and the
// in-test answering peer. Proves the link needs nothing but browser APIs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startAnsweringServer } from '@posture-vision/testkit/answering-peer';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let vision: Awaited<ReturnType<typeof startAnsweringServer>>;
let pageServer: Server;
let pageUrl: string;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  vision = await startAnsweringServer();
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../../src/live.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    globalName: 'PostureVisionLive',
    platform: 'browser',
    write: false,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  pageServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><body><script>${script}</script></body></html>`);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => pageServer.close(() => resolve()));
  await vision.close();
});

describe('live link in Chromium', () => {
  it('streams the fake camera to the answering peer and receives detection frames', async () => {
    const page = await browser.newPage();
    await page.goto(pageUrl);
    await page.evaluate(
      async (ws: string, http: string) => {
        const w = window as unknown as Record<string, unknown> & {
          PostureVisionLive: typeof import('../../src/live');
        };
        const seen = {
          frames: 0,
          statuses: [] as string[],
          states: [] as string[],
          indicators: [] as string[],
        };
        w.seen = seen;
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15, max: 20 } },
        });
        const link = w.PostureVisionLive.createLiveLink({
          stream,
          peerId: '300001',
          visionWsUrl: ws,
          visionHttpUrl: http,
          getAccessToken: () => 'browser.token.signature',
        });
        link.on('frame', () => {
          seen.frames += 1;
        });
        link.on('status', (s) => seen.statuses.push(s));
        link.on('state', (s) => seen.states.push(s));
        link.on('connection', (c) => seen.indicators.push(c.indicator));
        w.link = link;
        link.start();
      },
      vision.ws,
      vision.http,
    );
    await page.waitForFunction('window.seen.frames >= 5', { timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, unknown> }).seen);
    expect(seen.statuses).toEqual([
      'Camera connected! Step 1: Click Calibrate Posture while sitting up straight',
    ]);
    expect(seen.states).toEqual(['connecting', 'connected']);
    expect(seen.indicators).toContain('good');
    expect(vision.video.frames).toBeGreaterThan(0);
    const mine = vision.connections.filter((c) => c.peerId === '300001');
    expect(mine.map((c) => c.role)).toEqual(['offer', 'results']);
    expect(mine[0]?.protocols).toEqual(['posture-vision.v1', 'access_token.browser.token.signature']);
    await page.evaluate(() => (window as unknown as { link: { stop(): void } }).link.stop());
    await page.close();
  }, 60_000);
});
