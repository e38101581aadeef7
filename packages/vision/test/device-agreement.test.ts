// Server mode and device mode decide the same: one recorded clip of a real person (upright, slouched,
// upright, tilted) goes through the server path (the vision service's inference worker: Human's Node WASM
// build) and through the device path (the detector's web worker in Chromium: Human's browser build on
// tfjs WASM, models and .wasm served as the web app and extension bundle them; each frame scaled down for the
// body model, once as the extension sends it — the camera's I420 frame itself, read and scaled in the worker —
// and once as a bitmap the browser scaled). Both calibrate on the same frame and get the same timestamps; the
// posture decision must match on at least 95 % of frames.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { DetectionFrame } from '@posture-vision/core/analysis';
import {
  createSchedule,
  DetectionStream,
  detectionSize,
  i420ToRgb,
  parseShows,
  RESIZE_QUALITY,
  ratesFor,
} from '@posture-vision/detector';
import { detectorAssetFiles } from '@posture-vision/detector/browser/vite-plugin';
import { launchChromium } from '@posture-vision/testkit/chromium';
import { type ClipPosture, personClipFrames } from '@posture-vision/testkit/media';
import { repoRoot } from '@posture-vision/testkit/services';
import { build } from 'esbuild';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEngine } from './engine.ts';

const W = 640;
const H = 480;
/** Capture rate of the clip: the passive monitor's poor-posture rate. */
const FPS = 4;
/** Seconds per posture: longer than core's onset (2.5 s) and recovery (1 s) times. */
const SEGMENTS: [ClipPosture, number][] = [
  ['upright', 2],
  ['slouched', 4],
  ['upright', 3],
  ['tilted', 4],
];
/** Both paths take the reference on this frame (upright, after the first second). */
const CALIBRATE_AT = 5;
const modules = { body: true, face: false, hands: false, emotion: false };
const shows = parseShows('');
/** The device path scales each camera frame as the detector's page side does (body alone: the body model's
 * input), with the same resize quality. */
const scaled = { ...detectionSize(modules, { width: W, height: H }), quality: RESIZE_QUALITY };

const PAGE = `<!doctype html><meta charset="utf-8"><title>device</title><script type="module">
let worker = null;
const waiting = [];
const next = () => new Promise((r) => waiting.push(r));
window.init = (modules, shows) => {
  worker?.terminate();
  worker = new Worker('/worker.js', { type: 'module' });
  worker.onmessage = ({ data }) => waiting.shift()?.(data);
  const p = next(); worker.postMessage({ type: 'init', modules, shows,
  modelBaseUrl: location.origin + '/detector/models/', wasmBaseUrl: location.origin + '/detector/wasm/' }); return p; };
window.detect = async (i, time, source) => {
  const p = next();
  if (source === 'camera frame') {
    // What the extension's offscreen document sends: the camera track's I420 frame itself.
    const data = await (await fetch('/i420/' + i)).arrayBuffer();
    const frame = new VideoFrame(data, { format: 'I420', codedWidth: ${W}, codedHeight: ${H}, timestamp: time * 1000 });
    worker.postMessage({ type: 'video-frame', frame, time, size: { width: ${scaled.width}, height: ${scaled.height} } }, [frame]);
  } else {
    // A bitmap scaled by the browser (a frame the worker cannot read, or a <video>).
    const buf = await (await fetch('/frame/' + i)).arrayBuffer();
    const bitmap = await createImageBitmap(new ImageData(new Uint8ClampedArray(buf), ${W}, ${H}),
      { resizeWidth: ${scaled.width}, resizeHeight: ${scaled.height}, resizeQuality: '${scaled.quality}' });
    worker.postMessage({ type: 'frame', bitmap, time, width: ${W}, height: ${H} }, [bitmap]);
  }
  return p;
};
window.calibrate = () => { const p = next(); worker.postMessage({ type: 'calibrate' }); return p; };
</script>`;

const engine = useEngine();
let browser: Browser;
let page: Page;
let server: Server;
let rgba: Buffer[] = [];
const i420: Uint8Array[] = [];

beforeAll(async () => {
  i420.push(
    ...personClipFrames(
      SEGMENTS.map(([posture, seconds]) => ({ posture, seconds })),
      { fps: FPS },
    ),
  );
  // The device gets the very pixels the server's worker converts the I420 frames to.
  rgba = i420.map((f) => {
    const rgb = i420ToRgb(f, W, H).data;
    const out = Buffer.alloc(W * H * 4, 255);
    for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) out.set(rgb.subarray(p, p + 3), q);
    return out;
  });
  const worker = await build({
    entryPoints: [join(repoRoot, 'packages/detector/browser/worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const workerJs = worker.outputFiles[0]?.text ?? '';
  const assets = detectorAssetFiles({ modules });
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    const frame = /^\/frame\/(\d+)$/.exec(url);
    const raw = /^\/i420\/(\d+)$/.exec(url);
    const asset = assets.get(url.slice(1));
    if (frame) res.writeHead(200).end(rgba[Number(frame[1])]);
    else if (raw) res.writeHead(200).end(i420[Number(raw[1])]);
    else if (url === '/worker.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(workerJs);
    else if (asset)
      res
        .writeHead(200, {
          'content-type': url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
        })
        .end(readFileSync(asset));
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

type Page_ = {
  init(m: unknown, s: unknown): Promise<{ type: string }>;
  detect(i: number, t: number, source: Source): Promise<{ frame: DetectionFrame }>;
  calibrate(): Promise<{ reference: unknown }>;
};

/** How the page hands the device path its frames. */
type Source = 'camera frame' | 'bitmap';

describe('server path and device path', () => {
  it.each<Source>(['camera frame', 'bitmap'])(
    'give the same posture decision on at least 95 percent of the frames of one clip (device fed a %s)',
    async (source) => {
      const ready = await page.evaluate(
        (m, s) => (globalThis as unknown as Page_).init(m, s),
        modules,
        shows,
      );
      expect(ready.type).toBe('ready');
      const serverStream = new DetectionStream();
      const schedule = createSchedule(ratesFor(shows), 'agreement');
      const server: DetectionFrame[] = [];
      const device: DetectionFrame[] = [];
      for (let i = 0; i < i420.length; i++) {
        const time = (i * 1000) / FPS;
        const detection = await engine.pool.run({
          kind: 'i420',
          data: (i420[i] as Uint8Array).slice(),
          width: W,
          height: H,
          modules: schedule.next(time),
        });
        server.push(serverStream.frame(detection, time));
        const d = await page.evaluate(
          (n, t, from) => (globalThis as unknown as Page_).detect(n, t, from),
          i,
          time,
          source,
        );
        device.push(d.frame);
        if (i === CALIBRATE_AT) {
          expect(serverStream.calibrate()).not.toBeNull();
          const c = await page.evaluate(() => (globalThis as unknown as Page_).calibrate());
          expect(c.reference).not.toBeNull();
        }
      }
      const decided = (f: DetectionFrame | undefined) =>
        f?.temporal_posture_data?.is_posture_deviated ?? null;
      const after = server.map((f, i) => [decided(f), decided(device[i])] as const).slice(CALIBRATE_AT + 1);
      const same = after.filter(([a, b]) => a === b).length;
      // The clip has both decisions, so agreeing is not trivially "upright everywhere".
      expect(after.some(([a]) => a === true)).toBe(true);
      expect(after.some(([a]) => a === false)).toBe(true);
      console.info(
        `server and device (${source}) agree on ${same} of ${after.length} frames after calibration`,
      );
      expect(same / after.length).toBeGreaterThanOrEqual(0.95);
    },
  );
});
