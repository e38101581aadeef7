// Run from the repository root: node --import tsx bench/monitoring/onset.ts   (a few minutes on 2 cores; measures,
// asserts nothing). BENCH_BEFORE=/path/to/another/checkout judges with that checkout's detection stream beside this
// one's, on the same detections (the "before" of a change to the onset rule; without it both columns are this
// checkout's). BENCH_PARTS=camera,video,gate picks the parts below (all by default).
//
// Is a slouch reported ONSET_MS after it began on a real camera's frames? Two sources of frames, every frame to the
// model (no gate: the question is the rule's, on the model's noisy answers), 5 frames/s (the at-risk rate), and
// a third part through the change gate:
// 1. The monitoring hour's camera (camera.ts): the man of webcam-upright-vs-slouched, each of his slouched frames
//    held 60 s on the 640×480 camera frame with sensor noise measured on real still video, with and without his
//    sway; before each, 5 s of his reference frame. And his upright frames held 30 s, and looks (1-2 s at a slouched
//    frame between upright stretches) the same way: does a tolerant rule report what it must not?
// 2. Real video: the students' (webcam-students-good-vs-bad) frames in the source video's order (1 in 5 of its
//    consecutive frames, about 0.2 s apart: played at 5 frames/s, about real time), each run of consecutive 'bad'
//    frames after 5 s of the person's reference frame; the 'good' runs the same way, for reports that must not come.
// 3. Through the gate: part 1's slouched frames with the camera at monitoring's rates, today's fixed rates (every
//    frame to the model) against the change gate and core's rates, the same noise for both: is a slouch reported
//    later because the gate held the model's last reading?
import { cpus, loadavg } from 'node:os';
import type { DetectionFrame, PostureReference } from '../../packages/core/src/analysis.ts';
import { frameWatch, lumaGrid, watchFps, yPlane } from '../../packages/core/src/live-monitoring.ts';
import { loadHuman } from '../../packages/detector/node/human.ts';
import {
  createDetector,
  type Detection,
  DetectionStream,
  detectionSize,
  detectThroughGate,
  frameToRgb,
  ModelGate,
} from '../../packages/detector/src/index.ts';
import { seeded } from '../../packages/testkit/src/live-accuracy.ts';
import { livePeople, realRgb } from '../../packages/testkit/src/real-media.ts';
import {
  chooseSway,
  deliver,
  emptyRoom,
  gaussian,
  H,
  pictures,
  quantile,
  type Rgb,
  stillVideo,
  W,
} from './camera.ts';

/** Which parts run (BENCH_PARTS, comma-separated): camera, video, gate; all by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'camera,video,gate').split(','));
const say = (s: string) => console.log(s);
const f1 = (n: number) => n.toFixed(1);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; ${new Date().toISOString()}`,
);
say(`Load average at start: ${load()}`);

type StreamClass = typeof DetectionStream;
const Before: StreamClass = process.env.BENCH_BEFORE
  ? (
      (await import(`${process.env.BENCH_BEFORE}/packages/detector/src/stream.ts`)) as {
        DetectionStream: StreamClass;
      }
    ).DetectionStream
  : DetectionStream;
const RULES: { name: string; Stream: StreamClass }[] = [
  { name: process.env.BENCH_BEFORE ? 'before' : 'this checkout (a)', Stream: Before },
  { name: process.env.BENCH_BEFORE ? 'now' : 'this checkout (b)', Stream: DetectionStream },
];
say(`Before: ${process.env.BENCH_BEFORE ?? 'this checkout'}`);

const body = { body: true, face: false, hands: false, emotion: false };
const detector = createDetector(await loadHuman(body));
const detect = (img: Rgb) => detector.detect(img, body);
const people = livePeople();
const man = people.find((p) => p.set === 'webcam-upright-vs-slouched');
if (!man) throw new Error('no webcam-upright-vs-slouched person');
const uprightFiles = man.frames.filter((f) => f.label === 'upright').map((f) => f.file);
const poorFiles = man.frames.filter((f) => f.label === 'poor').map((f) => f.file);
const still = await stillVideo(people, detect);
const pictureOf = pictures(emptyRoom());
const { sway: SWAY } = chooseSway(
  still,
  uprightFiles.slice(0, 6).map((f) => pictureOf(f)),
);
say(
  `Camera noise ${still.noiseSd.toFixed(2)} levels per frame, sway ${SWAY} source px (camera.ts, as the hour).`,
);

const FRAME_MS = 200;
/** How long a slouch is held (the hour's and the tests' camera). */
const SLOUCH_MS = 60_000;
const size = detectionSize(body, { width: W, height: H });
const layout = [
  { offset: 0, stride: W },
  { offset: W * H, stride: W / 2 },
  { offset: W * H * 1.25, stride: W / 2 },
];
/** The model on a camera frame, as device mode's worker gives it (scaled to the model's size, camera size). */
const onCamera = async (i420: Uint8Array): Promise<Detection> => ({
  ...(await detector.detect(
    frameToRgb({ format: 'I420', width: W, height: H, data: i420, layout }, size),
    body,
  )),
  width: W,
  height: H,
});

async function cameraReference(): Promise<PostureReference> {
  const s = new DetectionStream();
  const d = await onCamera(pictureOf(uprightFiles[0] as string).i420);
  for (let t = 0; t <= 3000; t += 200) s.frame(d, t);
  const r = s.calibrate();
  if (!r) throw new Error(`no reference: ${s.problem}`);
  return r;
}
const reference = await cameraReference();

/** Both rules judging the same detections. */
class Judges {
  streams = RULES.map((r) => {
    const s = new r.Stream();
    s.setReference(reference);
    return s;
  });
  constructor(ref: PostureReference) {
    for (const s of this.streams) s.setReference(ref);
  }
  frame(d: Detection, t: number): DetectionFrame[] {
    return this.streams.map((s) => s.frame(d, t));
  }
}
const poor = (f: DetectionFrame) => f.posture_verdict?.status === 'poor';
/** The share of frames over the threshold, as the first rule saw them until it reported (its timer running: at
 * risk and not yet poor, with the rule of the base checkout, which restarts on every frame under). */
function overShare(share: { over: number; all: number }, f: DetectionFrame, reported: number | null): void {
  if (reported !== null) return;
  share.all++;
  if (f.posture_watch === 'at_risk') share.over++;
}

interface Onsets {
  delays: (number | null)[][];
  /** Reports that must not come: episodes of poor verdict begun during upright sitting, per rule. */
  false: number[];
}

function summary(delays: (number | null)[]): string {
  const got = delays.filter((d): d is number => d !== null).sort((a, b) => a - b);
  const late = got.filter((d) => d > 3500).length;
  return `reported ${got.length}/${delays.length}; median ${got.length ? f1(quantile(got, 0.5) / 1000) : '—'} s, 90th percentile ${got.length ? f1(quantile(got, 0.9) / 1000) : '—'} s, max ${got.length ? f1((got.at(-1) as number) / 1000) : '—'} s; later than onset + 1 s: ${late}`;
}

// --- 1. The hour's camera -------------------------------------------------------------------------------------
if (PARTS.has('camera')) {
  const TRIALS = Number(process.env.BENCH_TRIALS ?? 4);
  for (const sway of [SWAY, 0]) {
    const noise = gaussian(seeded(31));
    const r: Onsets = { delays: RULES.map(() => []), false: RULES.map(() => 0) };
    const perFile: string[] = [];
    for (const file of poorFiles) {
      const fileDelays: string[] = [];
      for (let k = 0; k < TRIALS; k++) {
        const j = new Judges(reference);
        let t = 0;
        for (; t < 5000; t += FRAME_MS)
          j.frame(
            await onCamera(deliver(pictureOf(uprightFiles[0] as string), noise, still.noiseSd, sway)),
            t,
          );
        const onset = t;
        const got: (number | null)[] = RULES.map(() => null);
        const share = { over: 0, all: 0 };
        for (; t < onset + SLOUCH_MS && got.some((g) => g === null); t += FRAME_MS) {
          const frames = j.frame(await onCamera(deliver(pictureOf(file), noise, still.noiseSd, sway)), t);
          frames.forEach((f, i) => {
            if (poor(f) && got[i] === null) got[i] = t - onset;
          });
          overShare(share, frames[0] as DetectionFrame, got[0] ?? null);
        }
        for (const [i, g] of got.entries()) r.delays[i]?.push(g);
        fileDelays.push(
          `${got.map((g) => (g === null ? '—' : f1(g / 1000))).join('→')} (${Math.round((100 * share.over) / Math.max(1, share.all))}%)`,
        );
      }
      perFile.push(`${file.split('/').pop()}: ${fileDelays.join(', ')}`);
    }
    // Upright sitting and looks: reports that must not come.
    for (const file of uprightFiles) {
      const j = new Judges(reference);
      const was = RULES.map(() => false);
      let t = 0;
      const rand = seeded(file.length);
      const show = async (f: string, ms: number, counts: boolean) => {
        for (const end = t + ms; t < end; t += FRAME_MS)
          j.frame(await onCamera(deliver(pictureOf(f), noise, still.noiseSd, sway)), t).forEach((fr, i) => {
            if (poor(fr) && !was[i] && counts) (r.false[i] as number)++;
            was[i] = poor(fr);
          });
      };
      await show(file, 20_000, true);
      for (let look = 0; look < 3; look++) {
        await show(poorFiles[Math.floor(rand() * poorFiles.length)] as string, 1000 + rand() * 1000, true);
        await show(file, 8000, true);
      }
    }
    say(
      `\n**The hour's camera, sway ${sway} px** (${poorFiles.length} slouched frames × ${TRIALS} trials, held ${SLOUCH_MS / 1000} s; onset → verdict, s, ${RULES.map((x) => x.name).join(' → ')}):`,
    );
    for (const [i, rule] of RULES.entries())
      say(
        `- ${rule.name}: ${summary(r.delays[i] as (number | null)[])}; reports during upright sitting and looks (${uprightFiles.length} × 44 s, 3 looks each): ${r.false[i]}`,
      );
    say(
      `- per slouched frame (each trial's delays, and the share of frames over the threshold until the first rule reported): ${perFile.join('; ')}`,
    );
    say(`- load ${load()}`);
  }
}

// --- 2. Real video ----------------------------------------------------------------------------------------------
if (PARTS.has('video')) {
  const students = people.filter((p) => p.set === 'webcam-students-good-vs-bad');
  const detections = new Map<string, Detection>();
  for (const p of students) for (const f of p.frames) detections.set(f.file, await detect(realRgb(f.file)));
  const indexOf = (file: string) => Number(/(\d+)\.jpg$/.exec(file)?.[1] ?? Number.NaN);
  const splitOf = (file: string) => (file.includes('test-') ? 'test' : 'dataset1');
  /** Runs of consecutive frames of one label (consecutive in the source: the next sampled index, same split). */
  function runs(files: string[]): string[][] {
    const out: string[][] = [];
    for (const f of files) {
      const run = out.at(-1);
      const prev = run?.at(-1);
      const step = splitOf(f) === 'test' ? 3 : 5;
      if (run && prev && splitOf(prev) === splitOf(f) && indexOf(f) - indexOf(prev) === step) run.push(f);
      else out.push([f]);
    }
    return out;
  }
  const video = {
    delays: RULES.map((): (number | null)[] => []),
    false: RULES.map(() => 0),
    flips: RULES.map(() => 0),
  };
  const rows: string[] = [];
  for (const p of students) {
    // The person's reference: their first upright frame a reference can be taken from (as the accuracy benchmark).
    let ref: PostureReference | null = null;
    let refFile = '';
    for (const f of p.frames.filter((x) => x.label === 'upright')) {
      const s = new DetectionStream();
      const d = detections.get(f.file) as Detection;
      for (let t = 0; t <= 3000; t += 200) s.frame(d, t);
      ref = s.calibrate();
      if (ref) {
        refFile = f.file;
        break;
      }
    }
    if (!ref) continue;
    for (const label of ['poor', 'upright'] as const) {
      for (const run of runs(p.frames.filter((f) => f.label === label).map((f) => f.file))) {
        if (run.length < 5) continue;
        const j = new Judges(ref);
        let t = 0;
        for (; t < 5000; t += FRAME_MS) j.frame(detections.get(refFile) as Detection, t);
        const onset = t;
        const got: (number | null)[] = RULES.map(() => null);
        const was = RULES.map(() => false);
        const share = { over: 0, all: 0 };
        for (const f of run) {
          const frames = j.frame(detections.get(f) as Detection, t);
          overShare(share, frames[0] as DetectionFrame, got[0] ?? null);
          frames.forEach((fr, i) => {
            if (label === 'poor' && poor(fr) && got[i] === null) got[i] = t - onset;
            if (poor(fr) && !was[i]) {
              if (label === 'upright') (video.false[i] as number)++;
              else if (got[i] !== t - onset) (video.flips[i] as number)++;
            }
            was[i] = poor(fr);
          });
          t += FRAME_MS;
        }
        if (label === 'poor') {
          for (const [i, g] of got.entries()) video.delays[i]?.push(g);
          rows.push(
            `${p.person} ${run[0]?.split('/').pop()}…(${run.length} frames, ${f1((run.length * FRAME_MS) / 1000)} s): ${got.map((g) => (g === null ? '—' : f1(g / 1000))).join('→')} (${Math.round((100 * share.over) / Math.max(1, share.all))}%)`,
          );
        }
      }
    }
  }
  say(
    `\n**Real video** (students, runs of ≥ 5 consecutive frames at ${FRAME_MS} ms; onset → verdict, s, ${RULES.map((x) => x.name).join(' → ')}):`,
  );
  for (const [i, rule] of RULES.entries())
    say(
      `- ${rule.name}: ${summary(video.delays[i] as (number | null)[])}; reported again after recovering within a bad run: ${video.flips[i]}; reports in good runs: ${video.false[i]}`,
    );
  say(`- per run: ${rows.join('; ')}`);
}

// --- 3. Through the change gate ---------------------------------------------------------------------------------
// The same slouched frames on the hour's camera, with the camera at monitoring's rates: today's fixed rates (1
// frame/s until the verdict is poor, then 5; every frame to the model) against the change gate with core's rates
// (the camera at each frame's watch, the model only when the gate says, its reading repeated otherwise). Each
// trial: 10 s of the reference frame, then the slouched frame until it is reported (60 s at most); both modes see
// the same noise seed per trial. Is a slouch reported later through the gate?
if (PARTS.has('gate')) {
  const GATE_TRIALS = Number(process.env.BENCH_GATE_TRIALS ?? 3);
  type Mode = 'fixed rates' | 'gate + rates now';
  const MODES: Mode[] = ['fixed rates', 'gate + rates now'];
  const throughGate = async (file: string, mode: Mode, seed: number) => {
    const stream = new DetectionStream();
    stream.setReference(reference);
    const gate = mode === 'gate + rates now' ? new ModelGate() : null;
    const noise = gaussian(seeded(seed));
    let runs = 0;
    let t = 0;
    const show = async (shown: string): Promise<DetectionFrame> => {
      const i420 = deliver(pictureOf(shown), noise, still.noiseSd, SWAY);
      const out = await detectThroughGate({
        gate,
        stream,
        pixels: {
          grid: () => lumaGrid(yPlane(i420, W, H)),
          rgb: () => frameToRgb({ format: 'I420', width: W, height: H, data: i420, layout }, size),
        },
        time: t,
        camera: { width: W, height: H },
        detect: (image) => detector.detect(image, body),
      });
      if (out.ran) runs++;
      return out.frame;
    };
    const next = (f: DetectionFrame) =>
      1000 / (gate ? watchFps(frameWatch(f)) : f.posture_verdict?.status === 'poor' ? 5 : 1);
    while (t < 10_000) t += next(await show(uprightFiles[0] as string));
    const onset = t;
    while (t < onset + SLOUCH_MS) {
      const f = await show(file);
      if (f.posture_verdict?.status === 'poor') return { delay: t - onset, runs };
      t += next(f);
    }
    return { delay: null, runs };
  };
  const delays = MODES.map((): (number | null)[] => []);
  const runsTo = MODES.map(() => 0);
  const perFile: string[] = [];
  for (const [fi, file] of poorFiles.entries()) {
    const cells: string[] = [];
    for (let k = 0; k < GATE_TRIALS; k++) {
      const got = [];
      for (const [mi, mode] of MODES.entries()) {
        const r = await throughGate(file, mode, 1000 + fi * 10 + k);
        delays[mi]?.push(r.delay);
        runsTo[mi] = (runsTo[mi] as number) + r.runs;
        got.push(r.delay === null ? '—' : f1(r.delay / 1000));
      }
      cells.push(got.join('→'));
    }
    perFile.push(`${file.split('/').pop()}: ${cells.join(', ')}`);
  }
  say(
    `\n**Through the change gate** (the hour's camera, sway ${SWAY} px; ${poorFiles.length} slouched frames × ${GATE_TRIALS} trials, the same noise per trial; onset → verdict, s, ${MODES.join(' → ')}):`,
  );
  for (const [i, mode] of MODES.entries())
    say(`- ${mode}: ${summary(delays[i] as (number | null)[])}; model runs ${runsTo[i]}`);
  say(`- per slouched frame: ${perFile.join('; ')}`);
}
say(`Load average at end: ${load()}`);
