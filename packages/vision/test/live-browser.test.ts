// A real camera stream end to end: headless Chromium's fake camera plays a .y4m clip of a real person;
// a page runs core's live link (bundled for the browser here) which offers the video over WebRTC to the
// service and receives detection frames; then the link calibrates the peer.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DetectionFrame } from '@posture-vision/core/analysis';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { writePersonClip } from '@posture-vision/testkit/media';
import { repoRoot } from '@posture-vision/testkit/services';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/server.ts';

const PAGE = `<!doctype html><meta charset="utf-8"><title>live</title><video id="v" autoplay muted playsinline></video>
<script src="/live.js"></script>
<script>
window.frames_ = [];
window.log_ = [];
window.startLive = async (visionWs, visionHttp, peerId) => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15, max: 20 } } });
  document.getElementById('v').srcObject = stream;
  const link = PVLive.createLiveLink({ stream, peerId, visionWsUrl: visionWs, visionHttpUrl: visionHttp });
  window.link_ = link;
  link.on('frame', ({ frame }) => window.frames_.push(frame));
  link.on('status', (s) => window.log_.push(s));
  link.start();
};
window.calibrate = () => window.link_.calibrate();
</script>`;

let app: FastifyInstance;
let page: Page;
let browser: Browser;
let pageServer: Server;
let visionUrl: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pv-vision-live-'));
  const clip = writePersonClip(join(dir, 'person.y4m'), [{ posture: 'upright', seconds: 4 }]);
  const built = await buildServer({ workers: 2 });
  app = built.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  visionUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const bundle = await build({
    entryPoints: [join(repoRoot, 'packages/core/src/live.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'PVLive',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const liveJs = bundle.outputFiles[0]?.text ?? '';
  pageServer = createServer((req, res) =>
    req.url === '/live.js'
      ? res.writeHead(200, { 'content-type': 'text/javascript' }).end(liveJs)
      : res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE),
  );
  await new Promise<void>((r) => pageServer.listen(0, '127.0.0.1', r));
  const pageAddress = pageServer.address();
  const pageUrl = `http://127.0.0.1:${typeof pageAddress === 'object' && pageAddress ? pageAddress.port : 0}/`;
  browser = await launchChromium({ fakeVideo: clip });
  page = await browser.newPage();
  await page.goto(pageUrl);
  await built.pool.ready;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await new Promise((r) => pageServer?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const frames = () => page.evaluate(() => (globalThis as unknown as { frames_: DetectionFrame[] }).frames_);

/** The frame a page-side wait found (puppeteer checks the condition on every animation frame). */
async function found(wait: Promise<{ jsonValue(): Promise<unknown> }>): Promise<DetectionFrame> {
  return (await (await wait).jsonValue()) as DetectionFrame;
}

describe('live detection over WebRTC', () => {
  const peerId = String(100000 + Math.floor(Math.random() * 900000));

  it('streams detection frames with the person’s body keypoints', async () => {
    const ws = visionUrl.replace('http', 'ws');
    await page.evaluate(
      (w, h, p) =>
        (globalThis as unknown as { startLive(a: string, b: string, c: string): Promise<void> }).startLive(
          w,
          h,
          p,
        ),
      ws,
      visionUrl,
      peerId,
    );
    const withBody = await found(
      page.waitForFunction(
        () =>
          (globalThis as unknown as { frames_: DetectionFrame[] }).frames_.find(
            (f) => (f.hns.poses[0] ?? []).filter((k) => typeof k.x === 'number').length >= 11,
          ),
        { timeout: 60_000, polling: 'raf' },
      ),
    );
    expect(withBody.status).toBe('ok');
    expect(withBody.frame_size).toEqual({ width: 640, height: 480 });
    const kp = withBody.hns.poses[0] ?? [];
    expect(kp).toHaveLength(17);
    // The clip shows the person's face in the upper half, centred, shoulders below it.
    expect(kp[0]?.x).toBeGreaterThan(0.3);
    expect(kp[0]?.x).toBeLessThan(0.8);
    expect(kp[0]?.y).toBeLessThan(0.5);
    expect(withBody.hns.boxes[0]?.w).toBeGreaterThan(0.1);
    expect(withBody.temporal_posture_data).toBeNull();
    expect(withBody.body_status).toBe('Calibrate to start posture analysis');
    expect(['open', 'closed']).toContain(withBody.drowsiness.eye_state);
  }, 90_000);

  it('calibrates the peer through the link and then analyses posture against it', async () => {
    // As a user does, sit in view a moment first: the reference is the last steady second of frames, and a video's
    // first frames are blurred while its bitrate ramps up.
    await page.waitForFunction(
      () => {
        const seen = (globalThis as unknown as { frames_: DetectionFrame[] }).frames_.filter(
          (f) => (f.hns.poses[0] ?? []).filter((k) => typeof k.x === 'number').length >= 11,
        );
        return (seen.at(-1)?.timestamp ?? 0) - (seen[0]?.timestamp ?? 0) >= 2500;
      },
      { timeout: 60_000, polling: 'raf' },
    );
    const result = (await page.evaluate(() =>
      (globalThis as unknown as { calibrate(): Promise<unknown> }).calibrate(),
    )) as { ok: boolean; message: string; image: string | null; outline: number[][]; frameSize: unknown };
    expect(result).toMatchObject({
      ok: true,
      message: 'Calibration successful',
      frameSize: { width: 640, height: 480 },
    });
    expect(result.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(result.outline.length).toBeGreaterThanOrEqual(3);
    const count = (await frames()).length;
    const analysed = await found(
      page.waitForFunction(
        (from) =>
          (globalThis as unknown as { frames_: DetectionFrame[] }).frames_
            .slice(from)
            .find((f) => f.temporal_posture_data !== null),
        { timeout: 30_000, polling: 'raf' },
        count,
      ),
    );
    expect(analysed.temporal_posture_data?.all_offset_vector).toHaveLength(17);
    expect(analysed.temporal_posture_data?.is_posture_deviated).toBe(false);
    expect(analysed.body_status).toBe('Good posture');
  }, 60_000);

  it('answers "No calibration data found" for a peer it does not know', async () => {
    const res = await fetch(`${visionUrl}/model/realtime/calibrate/999999`);
    expect(((await res.json()) as { message: string }).message).toBe('No calibration data found');
  });
});
