// Run from the repository root: node --import tsx bench/device/breakdown.ts   (about 4 minutes; measures,
// asserts nothing; BENCH_WINDOW_MS sets each row's window, default 20 s)
// Where the browser's CPU goes in device mode, in one browser and one run: a page does what the extension's
// offscreen document does (camera at 640×480 from the fake camera playing a 10 fps clip of a real person,
// the track limited to the capture rate, a <video> element, a timer at the capture rate grabbing the newest
// frame) with the detector's web worker as the extension ships it (its built worker, models and .wasm), in
// stages at both capture rates:
//   camera: camera open and playing, nothing grabbed;
//   capture: each frame grabbed at 640×480 and transferred to a worker that drops it;
//   full frame: detection on the 640×480 frame (the path before scaling);
//   scaled: detection on the frame scaled where it is grabbed to the body model's input (detectionSize);
//   track: the same, with frames read from the camera track as they come (MediaStreamTrackProcessor) and no
//          <video> element playing;
//   frame: the camera track's frames themselves transferred to the worker, which copies their pixels out and
//          scales them (detector frame-pixels.ts): no createImageBitmap on the page, as the extension's
//          offscreen document does now.
// CPU is the whole browser's (utime+stime from /proc, every Chromium process), in % of one core.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { detectionSize, RESIZE_QUALITY } from '../../packages/detector/src/input-size.ts';
import { buildExtension } from '../../packages/extension/scripts/package-extension.ts';
import { DEVICE_MODULES } from '../../packages/extension/src/offscreen/device-modules.ts';
import { CAMERA_SIZE } from '../../packages/extension/src/rules/capture-rate.ts';
import { launchChromium } from '../../packages/testkit/src/chromium.ts';
import { writePersonClip } from '../../packages/testkit/src/media.ts';
import { snapshot, sum } from '../extension/monitoring.ts';

/** The two capture rates these figures have always been measured at: 1 frame/s (good posture) and 5 (poor), the
 * extension's fixed rates before the rates followed the posture (bench/monitoring/hour.ts compares the two). */
const BACKGROUND_FPS = 1;
const POOR_POSTURE_FPS = 5;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 20_000);
/** Before each window: the stage's first frames (and the worker's first detections) are not counted. */
const SETTLE_MS = 4000;
const TICK = 100; // USER_HZ
const say = (s: string) => console.log(s);
const f1 = (n: number) => n.toFixed(1);
const load = () => loadavg().map(f1).join(' / ');
const scaled = detectionSize(DEVICE_MODULES, CAMERA_SIZE);

const STAGES = {
  camera: 'camera open, nothing grabbed',
  capture: 'capture only: 640×480 frame grabbed, transferred, dropped',
  full: 'detection on the 640×480 frame from the <video> (before)',
  scaled: `detection on the frame scaled to ${scaled.width}×${scaled.height} where it is grabbed from the <video>`,
  track: `detection on the scaled frame, read from the camera track, no <video>`,
  frame: 'detection on the camera frame itself, read and scaled in the worker (now)',
} as const;
type Stage = keyof typeof STAGES;

const PAGE = `<!doctype html><meta charset="utf-8"><title>device breakdown</title><script type="module">
const detector = new Worker('/worker.js', { type: 'module' });
const dropper = new Worker('/worker.js', { type: 'module' }); // never initialised: drops every frame
let frames = 0, busy = false, timer = null, stage = 'camera', ready;
detector.onmessage = ({ data }) => { if (data.type === 'ready') ready(); if (data.type === 'frame') { busy = false; frames++; } };
window.start = async (fps) => {
  await new Promise((r) => { ready = r; detector.postMessage({ type: 'init', modules: ${JSON.stringify(DEVICE_MODULES)},
    shows: { face: false, hands: false, emotion: false },
    modelBaseUrl: location.origin + '/detector/models/', wasmBaseUrl: location.origin + '/detector/wasm/' }); });
  const stream = await navigator.mediaDevices.getUserMedia({ video: ${JSON.stringify(CAMERA_SIZE)}, audio: false });
  window.track = stream.getVideoTracks()[0];
  window.video = document.createElement('video');
  video.muted = true; video.srcObject = stream; await video.play();
};
let reader = null;
window.stage = async (next, fps) => {
  clearTimeout(timer); stage = next; busy = false;
  await reader?.cancel(); reader = null;
  await track.applyConstraints({ frameRate: { max: fps } });
  if (stage === 'track' || stage === 'frame') {
    video.srcObject = null;
    reader = new MediaStreamTrackProcessor({ track }).readable.getReader();
    const frames = reader;
    (async () => { for (;;) {
      const { value: frame, done } = await frames.read().catch(() => ({ done: true }));
      if (done) return;
      if (!busy && reader === frames) {
        busy = true;
        const time = Date.now();
        if (stage === 'frame') {
          detector.postMessage({ type: 'video-frame', frame, time, size: { width: ${scaled.width}, height: ${scaled.height} } }, [frame]);
          continue;
        }
        const bitmap = await createImageBitmap(frame, { resizeWidth: ${scaled.width}, resizeHeight: ${scaled.height}, resizeQuality: '${RESIZE_QUALITY}' });
        detector.postMessage({ type: 'frame', bitmap, time, width: frame.displayWidth, height: frame.displayHeight }, [bitmap]);
      }
      frame.close();
    } })();
    return;
  }
  if (!video.srcObject) { video.srcObject = new MediaStream([track]); await video.play(); }
  if (stage === 'camera') return;
  const tick = async () => {
    timer = setTimeout(tick, 1000 / fps);
    if (busy || video.readyState < 2) return;
    const time = Date.now();
    if (stage === 'capture') {
      const bitmap = await createImageBitmap(video);
      dropper.postMessage({ type: 'frame', bitmap, time, width: 640, height: 480 }, [bitmap]);
      frames++;
      return;
    }
    busy = true;
    const bitmap = stage === 'scaled'
      ? await createImageBitmap(video, { resizeWidth: ${scaled.width}, resizeHeight: ${scaled.height}, resizeQuality: '${RESIZE_QUALITY}' })
      : await createImageBitmap(video);
    detector.postMessage({ type: 'frame', bitmap, time, width: video.videoWidth, height: video.videoHeight }, [bitmap]);
  };
  tick();
};
window.count = () => { const n = frames; frames = 0; return n; };
</script>`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
);
say(`Load average at start: ${load()}`);
const out = join(tmpdir(), `pv-bench-breakdown-${process.pid}`);
const clip = writePersonClip(
  join(tmpdir(), `pv-bench-breakdown-${process.pid}.y4m`),
  [{ posture: 'upright', seconds: 30 }],
  { fps: 10 },
);
const server = createServer();
try {
  // The extension as it ships (the URLs are not used: no socket is opened in this page).
  await buildExtension(out, { VITE_API_URL: 'http://127.0.0.1:9', VITE_VISION_URL: 'http://127.0.0.1:9' });
  const worker = readdirSync(join(out, 'assets')).find((f) => /^worker-.*\.js$/.test(f));
  if (!worker) throw new Error('no detector worker in the extension build');
  server.on('request', (req, res) => {
    const url = (req.url ?? '/').split('?')[0] ?? '/';
    const file =
      url === '/worker.js' ? join(out, 'assets', worker) : join(out, normalize(url).replace(/^\/+/, ''));
    if (url !== '/' && file.startsWith(out) && existsSync(file))
      res
        .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(readFileSync(file));
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await launchChromium({ fakeVideo: clip });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.evaluate(() => (globalThis as unknown as { start(): Promise<void> }).start());
    say(`\nWhole browser CPU by stage, ${WINDOW_MS / 1000} s per row, % of one core:\n`);
    say(
      '| capture rate | stage | frames/s | whole browser CPU % | above "camera" per frame, CPU-ms | load (1 min) |',
    );
    say('|---|---|---|---|---|---|');
    for (const fps of [BACKGROUND_FPS, POOR_POSTURE_FPS]) {
      let camera = 0;
      for (const stage of Object.keys(STAGES) as Stage[]) {
        await page.evaluate(
          (s, f) => (globalThis as unknown as { stage(s: string, f: number): Promise<void> }).stage(s, f),
          stage,
          fps,
        );
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        await page.evaluate(() => (globalThis as unknown as { count(): number }).count());
        const before = snapshot();
        const t0 = Date.now();
        await new Promise((r) => setTimeout(r, WINDOW_MS));
        const after = snapshot();
        const frames = await page.evaluate(() => (globalThis as unknown as { count(): number }).count());
        const seconds = (Date.now() - t0) / 1000;
        let cpu = 0;
        for (const [name, procs] of after)
          if (/Chromium|extension|camera/.test(name))
            cpu += ((sum(procs, 'cpuTicks') - sum(before.get(name), 'cpuTicks')) / TICK / seconds) * 100;
        if (stage === 'camera') camera = cpu;
        const rate = frames / seconds;
        const perFrame = stage === 'camera' || !rate ? '–' : (((cpu - camera) * 10) / rate).toFixed(0);
        say(
          `| ${fps} frame/s | ${STAGES[stage]} | ${rate.toFixed(2)} | ${f1(cpu)} | ${perFrame} | ${f1(loadavg()[0] ?? 0)} |`,
        );
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  server.close();
  rmSync(out, { recursive: true, force: true });
  rmSync(clip, { force: true });
}
say(`\nLoad average at end: ${load()}`);
