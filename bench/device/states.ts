// Run from the repository root: node --import tsx bench/device/states.ts   (about 6 minutes; measures, asserts
// nothing; BENCH_WINDOW_MS sets each row's window, default 30 s; BENCH_HOUR_JSON=file, written by
// bench/monitoring/hour.ts in the same run, turns the rows into the scripted hour's whole-browser CPU).
// Device mode's passive monitoring in Chromium, per watch of the rates that follow the posture: a page does what the
// extension's offscreen document does in device mode (camera at 640×480, the track limited to the watch's rate,
// the track's frames read as they come and transferred to the detector's web worker as the extension ships it, its
// built worker, models and .wasm; the worker holds the reference, gates the frames and answers each with a
// detection frame). The fake camera plays clips made of the monitoring hour's camera frames (bench/monitoring/
// camera.ts: the real man of webcam-upright-vs-slouched on a 640×480 frame, with sensor noise and sway measured on
// real still webcam video, a fresh noise every frame), one clip per state:
//   steady: his upright frame, the camera at the steady rate: the gate holds most frames, the model runs when due;
//   at risk: one of his slouched frames (reported poor after the onset delay), at the at-risk rate;
//   nobody: the empty room, at the nobody rate;
//   every frame: upright and slouched alternating every 0.2 s at 5 frame/s, so the gate runs the model on every
//   frame: with the at-risk row, the cost of one model run in the browser.
// CPU is the whole browser's (utime+stime from /proc, every Chromium process), in % of one core, as in
// breakdown.ts. How the rows make the hour's figure is printed with it. BENCH_STATES_JSON=file keeps the rows;
// BENCH_STATES_FROM=file prints the hour from rows kept earlier (the hour bench having run after them).
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { PostureReference } from '../../packages/core/src/analysis.ts';
import {
  AT_RISK_FPS,
  MODEL_AT_LEAST_EVERY_MS,
  NOBODY_FPS,
  POOR_FPS,
  STEADY_FPS,
} from '../../packages/core/src/live-monitoring.ts';
import { loadHuman } from '../../packages/detector/node/human.ts';
import { createDetector, DetectionStream, i420ToRgb } from '../../packages/detector/src/index.ts';
import { detectionSize } from '../../packages/detector/src/input-size.ts';
import { rateKeeper } from '../../packages/detector/src/track-rate.ts';
import { buildExtension } from '../../packages/extension/scripts/package-extension.ts';
import { DEVICE_MODULES } from '../../packages/extension/src/offscreen/device-modules.ts';
import { CAMERA_SIZE, cameraConstraints } from '../../packages/extension/src/rules/capture-rate.ts';
import { launchChromium } from '../../packages/testkit/src/chromium.ts';
import { seeded } from '../../packages/testkit/src/live-accuracy.ts';
import { livePeople } from '../../packages/testkit/src/real-media.ts';
import { snapshot, sum } from '../extension/monitoring.ts';
import {
  chooseSway,
  deliver,
  emptyRoom,
  gaussian,
  H,
  type Picture,
  pictures,
  stillVideo,
  W,
} from '../monitoring/camera.ts';

const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 30_000);
/** Before each window: the camera reopened, the first frames and the onset delay of the at-risk clip. */
const SETTLE_MS = 6000;
/** Before the rows: the camera open on the steady clip, the model running, not measured. */
const WARM_UP_MS = 30_000;
/** The clips' own rate (a camera delivers more than monitoring asks; Chromium drops to the track's limit). */
const CLIP_FPS = 10;
const CLIP_SECONDS = 12;
const TICK = 100; // USER_HZ
const say = (s: string) => console.log(s);
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const load = () => loadavg().map(f1).join(' / ');
const scaled = detectionSize(DEVICE_MODULES, CAMERA_SIZE);

say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
);
say(`Load average at start: ${load()}`);

// --- The clips, from the hour's camera -------------------------------------------------------------------------
const body = { body: true, face: false, hands: false, emotion: false };
const detector = createDetector(await loadHuman(body));
const people = livePeople();
const man = people.find((p) => p.set === 'webcam-upright-vs-slouched');
if (!man) throw new Error('no webcam-upright-vs-slouched person');
const uprightFile = man.frames.find((f) => f.label === 'upright')?.file as string;
const uprightFiles = man.frames.filter((f) => f.label === 'upright').map((f) => f.file);
/** A slouched frame every rule reports within the onset delay on the hour's camera (bench/monitoring/onset.ts). */
const slouchFile = man.frames.filter((f) => f.label === 'poor')[3]?.file as string;
const still = await stillVideo(people, (img) => detector.detect(img, body));
const pictureOf = pictures(emptyRoom());
const { sway } = chooseSway(
  still,
  uprightFiles.slice(0, 6).map((f) => pictureOf(f)),
);

/** A .y4m clip of pictures (each for `every` frames, in turn), each frame delivered with fresh noise and sway. */
function clip(path: string, shown: Picture[], every: number, swayPx: number): string {
  const noise = gaussian(seeded(77));
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${CLIP_FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < CLIP_FPS * CLIP_SECONDS; i++)
    parts.push(
      Buffer.from('FRAME\n'),
      deliver(shown[Math.floor(i / every) % shown.length] as Picture, noise, still.noiseSd, swayPx),
    );
  writeFileSync(`${path}.partial`, Buffer.concat(parts));
  // Renamed into place: a camera that opens it meanwhile never reads half a file.
  renameSync(`${path}.partial`, path);
  return path;
}

// The reference: the man's upright frame on the camera frame (as the hour takes it).
const refStream = new DetectionStream();
const refDetection = await detector.detect(i420ToRgb(pictureOf(uprightFile).i420, W, H), body);
for (let t = 0; t <= 3000; t += 200) refStream.frame(refDetection, t);
const reference: PostureReference | null = refStream.calibrate();
if (!reference) throw new Error(`no reference: ${refStream.problem}`);

interface State {
  name: string;
  fps: number;
  clip: () => void;
}
const camera = join(tmpdir(), `pv-bench-states-${process.pid}.y4m`);
const STATES: State[] = [
  {
    name: `steady (upright, ${STEADY_FPS} frame/s, a model run at least every ${MODEL_AT_LEAST_EVERY_MS.steady / 1000} s)`,
    fps: STEADY_FPS,
    clip: () => clip(camera, [pictureOf(uprightFile)], 1, sway),
  },
  {
    name: 'steady as first built (upright, 2 frame/s, a run at least every 10 s here)',
    fps: 2,
    clip: () => clip(camera, [pictureOf(uprightFile)], 1, sway),
  },
  {
    name: `slouched at the at-risk rate (${AT_RISK_FPS} frame/s; once reported, a run at least every ${MODEL_AT_LEAST_EVERY_MS.poor / 1000} s)`,
    fps: AT_RISK_FPS,
    clip: () => clip(camera, [pictureOf(slouchFile)], 1, sway),
  },
  {
    name: `poor (a slouch reported and held, ${POOR_FPS} frame/s, a run at least every ${MODEL_AT_LEAST_EVERY_MS.poor / 1000} s)`,
    fps: POOR_FPS,
    clip: () => clip(camera, [pictureOf(slouchFile)], 1, sway),
  },
  {
    name: `nobody (empty room, ${f2(NOBODY_FPS)} frame/s, a run at least every ${MODEL_AT_LEAST_EVERY_MS.nobody / 1000} s)`,
    fps: NOBODY_FPS,
    clip: () => clip(camera, [pictureOf('room')], 1, 0),
  },
  {
    name: `every frame to the model (upright and slouched by turns, ${AT_RISK_FPS} frame/s)`,
    fps: AT_RISK_FPS,
    clip: () => clip(camera, [pictureOf(uprightFile), pictureOf(slouchFile)], CLIP_FPS / AT_RISK_FPS, sway),
  },
];

// The page keeps a rate under 1 frame/s as the detector's client does (its own rule, track-rate.ts): Chromium
// keeps a camera track at 1 frame/s at the least.
const PAGE = `<!doctype html><meta charset="utf-8"><title>device states</title><script type="module">
const rateKeeper = ${rateKeeper.toString()};
const detector = new Worker('/worker.js', { type: 'module' });
let ready, stream = null, reader = null, busy = false, counts = { frames: 0, runs: 0, poor: 0 };
detector.onmessage = ({ data }) => {
  if (data.type === 'ready') ready();
  if (data.type === 'frame-failed') busy = false;
  if (data.type === 'frame') {
    busy = false; counts.frames++;
    if (data.ran) counts.runs++;
    if (data.frame.posture_verdict?.status === 'poor') counts.poor++;
    window.watch = data.frame.posture_watch;
  }
};
window.init = async (reference) => {
  await new Promise((r) => { ready = r; detector.postMessage({ type: 'init', modules: ${JSON.stringify(DEVICE_MODULES)},
    shows: { face: false, hands: false, emotion: false },
    modelBaseUrl: location.origin + '/detector/models/', wasmBaseUrl: location.origin + '/detector/wasm/' }); });
  detector.postMessage({ type: 'reference', reference });
};
window.openCamera = async (fps) => {
  await reader?.cancel(); reader = null;
  for (const t of stream?.getTracks() ?? []) t.stop();
  stream = null;
  if (!fps) return;
  stream = await navigator.mediaDevices.getUserMedia({ video: ${JSON.stringify(cameraConstraints())}, audio: false });
  const track = stream.getVideoTracks()[0];
  await track.applyConstraints({ frameRate: { max: fps } });
  const mine = new MediaStreamTrackProcessor({ track }).readable.getReader();
  reader = mine;
  const due = rateKeeper();
  (async () => { for (;;) {
    const { value: frame, done } = await mine.read().catch(() => ({ done: true }));
    if (done) return;
    if (!busy && reader === mine && due(frame.timestamp, fps)) {
      busy = true;
      detector.postMessage({ type: 'video-frame', frame, time: Date.now(), size: { width: ${scaled.width}, height: ${scaled.height} } }, [frame]);
      continue;
    }
    frame.close();
  } })();
};
window.count = () => { const c = counts; counts = { frames: 0, runs: 0, poor: 0 }; return c; };
</script>`;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};
interface Row {
  state: string;
  fps: number;
  frames: number;
  runs: number;
  poor: number;
  seconds: number;
  cpu: number;
  load: number;
}
const rows: Row[] = process.env.BENCH_STATES_FROM
  ? (JSON.parse(readFileSync(process.env.BENCH_STATES_FROM, 'utf8')) as Row[])
  : await measureStates();
if (process.env.BENCH_STATES_JSON)
  writeFileSync(process.env.BENCH_STATES_JSON, JSON.stringify(rows, null, 2));

async function measureStates(): Promise<Row[]> {
  const rows: Row[] = [];
  const out = join(tmpdir(), `pv-bench-states-${process.pid}`);
  const server = createServer();
  type Page = {
    openCamera(fps: number): Promise<void>;
    count(): { frames: number; runs: number; poor: number };
  };
  try {
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
    (STATES[0] as State).clip();
    const browser = await launchChromium({ fakeVideo: camera });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.evaluate(
        (r) => (globalThis as unknown as { init(r: unknown): Promise<void> }).init(r),
        reference as unknown as Record<string, unknown>,
      );
      const measure = async (state: string, fps: number) => {
        await page.evaluate((f) => (globalThis as unknown as Page).openCamera(f), fps);
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        await page.evaluate(() => (globalThis as unknown as Page).count());
        const before = snapshot();
        const t0 = Date.now();
        await new Promise((r) => setTimeout(r, WINDOW_MS));
        const after = snapshot();
        const c = await page.evaluate(() => (globalThis as unknown as Page).count());
        const seconds = (Date.now() - t0) / 1000;
        let cpu = 0;
        for (const [name, procs] of after)
          if (/Chromium|extension|camera/.test(name))
            cpu += ((sum(procs, 'cpuTicks') - sum(before.get(name), 'cpuTicks')) / TICK / seconds) * 100;
        rows.push({ state, fps, ...c, seconds, cpu, load: loadavg()[0] ?? 0 });
      };
      // The browser's first minute with the camera and the model (JIT, the worker's first runs) is not any
      // watch's cost: measured as the first row it cost 0.7-1.3 points more than the same watch later in the
      // same run (2026-12-03, steady at 1 frame/s: 3.4, 3.3 then 2.6 %).
      (STATES[0] as State).clip();
      await page.evaluate((f) => (globalThis as unknown as Page).openCamera(f), (STATES[0] as State).fps);
      await new Promise((r) => setTimeout(r, WARM_UP_MS));
      await measure('browser, page open, camera closed', 0);
      for (const s of STATES) {
        s.clip();
        await measure(s.name, s.fps);
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.close();
    rmSync(out, { recursive: true, force: true });
    rmSync(camera, { force: true });
  }

  return rows;
}

say(
  `\nWhole browser CPU per state, ${WINDOW_MS / 1000} s a row, % of one core (sway ${sway} px, noise ${f2(still.noiseSd)}):\n`,
);
say('| state | frames/s | model runs/s | poor frames | whole browser CPU % | load (1 min) |');
say('|---|---|---|---|---|---|');
for (const r of rows)
  say(
    `| ${r.state} | ${f2(r.frames / r.seconds)} | ${f2(r.runs / r.seconds)} | ${r.poor}/${r.frames} | ${f1(r.cpu)} | ${f1(r.load)} |`,
  );

// --- The hour -------------------------------------------------------------------------------------------------
const [, steady, steadyFirst, atRisk, poorHeld, nobody, every] = rows as [Row, Row, Row, Row, Row, Row, Row];
const perSecond = (r: Row) => r.runs / r.seconds;
/** CPU-% of one model run per second: the every-frame row against the at-risk row (same camera rate). */
const runPct = (every.cpu - atRisk.cpu) / (perSecond(every) - perSecond(atRisk));
/** A state's cost without its model runs: the camera at its rate, frames delivered and gated, the browser idling. */
const base = (r: Row) => r.cpu - perSecond(r) * runPct;
say(
  `\nOne model run in the browser: (every frame − at risk) ÷ (their runs/s) = ${f1(runPct * 10)} CPU-ms. Without their model runs: steady ${f2(base(steady))} %, steady at 2 frame/s ${f2(base(steadyFirst))} %, at risk ${f2(base(atRisk))} %, poor held ${f2(base(poorHeld))} %, nobody ${f2(base(nobody))} %.`,
);
if (process.env.BENCH_HOUR_JSON && existsSync(process.env.BENCH_HOUR_JSON)) {
  const hour = JSON.parse(readFileSync(process.env.BENCH_HOUR_JSON, 'utf8')) as {
    minutes: number;
    at: string;
    rows: {
      name: string;
      frames: number;
      runs: number;
      poorMs: number;
      poorRuns: number;
      watchMs: { at_risk: number; poor?: number; steady: number; nobody: number };
    }[];
  };
  const ms = hour.minutes * 60_000;
  say(
    `\nThe scripted hour (${hour.at}), device mode, whole browser: Σ over watches (its share of the hour × its cost without model runs) + the hour's model runs per second × one run's cost; while poor, the at-risk cost + the runs while poor per second × one run's cost. The fixed rates' camera costs as steady at 1 frame/s while good, as at risk at 5 while poor.`,
  );
  say(
    '\n| mode (hour row) | camera part % | model runs | model part % | **whole browser, hour %** | while poor % |',
  );
  say('|---|---|---|---|---|---|');
  for (const h of hour.rows.filter((r) => r.name.startsWith('device'))) {
    const fixed = h.name.includes('fixed');
    const first = h.name.includes('first');
    const steadyBase = first ? base(steadyFirst) : base(steady);
    const camera = fixed
      ? ((ms - h.poorMs) * base(steady) + h.poorMs * base(atRisk)) / ms
      : (h.watchMs.steady * steadyBase +
          h.watchMs.at_risk * base(atRisk) +
          (h.watchMs.poor ?? 0) * base(poorHeld) +
          h.watchMs.nobody * base(nobody)) /
        ms;
    const model = ((h.runs * 1000) / ms) * runPct;
    // While poor: the camera as the hour's poor time was watched (held at the poor rate when the hour has that
    // watch, else at the at-risk rate), and the hour's model runs while poor.
    const poorBase = h.watchMs.poor ? base(poorHeld) : base(atRisk);
    const poor = poorBase + (h.poorMs ? ((h.poorRuns * 1000) / h.poorMs) * runPct : 0);
    say(`| ${h.name} | ${f2(camera)} | ${h.runs} | ${f2(model)} | **${f2(camera + model)}** | ${f2(poor)} |`);
  }
}
say(`\nLoad average at end: ${load()}`);
