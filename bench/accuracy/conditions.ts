// Run from the repository root: node --import tsx bench/accuracy/conditions.ts   (about 3 minutes; measures, asserts
// nothing). The live monitor's accuracy on the real people of packages/testkit/real-media under the light and picture
// conditions of a desk day (testkit conditions.ts: dim, dark, backlit, low-quality, soft-focus, warm, cool, each made
// from the licensed frames by script), in two cases: calibrated and judged in the same light, and calibrated in the
// original light and judged after it changed. Per condition and case, per person and over all of them (the protocol
// is the live benchmark's, testkit live-accuracy.ts). BENCH_PEOPLE=text judges only the people whose "set/person"
// contains it; BENCH_CONDITIONS=dim,dark picks conditions; BENCH_STREAM as in live.ts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { clearPictureKeypoints, isPersonInView } from '../../packages/core/src/analysis.ts';
import { loadHuman } from '../../packages/detector/node/human.ts';
import {
  createDetector,
  DARK_FRAME_BRIGHTNESS,
  type Detection,
  DetectionStream,
  evenExposure,
} from '../../packages/detector/src/index.ts';
import { pictureQuality } from '../../packages/detector/src/picture.ts';
import {
  blurred,
  CONDITION_NAMES,
  CONDITIONS,
  type Condition,
  underCondition,
} from '../../packages/testkit/src/conditions.ts';
import {
  type JudgingStream,
  judgePerson,
  type PersonResult,
} from '../../packages/testkit/src/live-accuracy.ts';
import { livePeople, realRgb, unseenPeople } from '../../packages/testkit/src/real-media.ts';

const say = (s: string) => console.log(s);
if (process.env.EXP) (globalThis as unknown as { __EXP: unknown }).__EXP = JSON.parse(process.env.EXP);
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '—');
say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
);
const Stream = process.env.BENCH_STREAM
  ? ((await import(process.env.BENCH_STREAM)) as { DetectionStream: typeof DetectionStream }).DetectionStream
  : DetectionStream;
say(`Judged by: ${process.env.BENCH_STREAM ?? 'this checkout'}`);
const make = () => new Stream() as unknown as JudgingStream<Detection>;

const modules = { body: true, face: false, hands: false, emotion: false };
const detector = createDetector(await loadHuman(modules));
const only = process.env.BENCH_PEOPLE ?? '';
const unseen = unseenPeople();
const people = [...livePeople(), ...unseen].filter((p) => `${p.set}/${p.person}`.includes(only));
// BENCH_QUICK=1: the first reference only (no "any ref" spread), for comparing levers quickly.
const quick = process.env.BENCH_QUICK === '1';
const picked = process.env.BENCH_CONDITIONS?.split(',') ?? [...CONDITIONS];
for (const c of picked)
  if (!(CONDITIONS as readonly string[]).includes(c))
    throw new Error(`BENCH_CONDITIONS: ${c} is not one of ${CONDITIONS.join(', ')}`);
const conditions = picked as Condition[];

// BENCH_LEVER: what is done to each picture before the model looks (the levers compared in the README).
const lever = process.env.BENCH_LEVER ?? 'none';
const LEVERS: Record<string, (rgb: ReturnType<typeof realRgb>) => ReturnType<typeof realRgb>> = {
  none: (rgb) => rgb,
  levels: (rgb) => evenExposure(rgb, { low: 0.01, high: 0.99, midTarget: null }),
  'levels-gamma': (rgb) => evenExposure(rgb, { low: 0.01, high: 0.99, midTarget: 110 }),
  // Only in a dark picture: the brightest tenth of the whole frame under 0.4 of white (every real webcam frame of
  // the sets reaches 0.54 at the least, the dim and dark ones 0.31 at the most).
  'levels-dark': (rgb) =>
    pictureQuality(rgb, null).brightness < 0.4
      ? evenExposure(rgb, { low: 0.01, high: 0.99, midTarget: null })
      : rgb,
  // Compared on 2026-12-04 (README, levers): an unsharp mask, a light blur (BLUR_SIGMA px; LEVER_ON_ORIGINAL=0 leaves
  // the original frames, and so the references, as they are) and a dark frame denoised before it is evened out.
  sharpen: (rgb) =>
    unsharp(rgb, Number(process.env.SHARP_SIGMA ?? 1.5), Number(process.env.SHARP_AMOUNT ?? 1)),
  blur: (rgb) => blurred(rgb, Number(process.env.BLUR_SIGMA ?? 1)),
  'denoise-dark': (rgb) =>
    pictureQuality(rgb, null).brightness < DARK_FRAME_BRIGHTNESS
      ? blurred(rgb, Number(process.env.DENOISE_SIGMA ?? 0.8))
      : rgb,
};
function unsharp(rgb: ReturnType<typeof realRgb>, sigma: number, amount: number) {
  const b = blurred(rgb, sigma);
  const out = new Uint8Array(rgb.data.length);
  for (let i = 0; i < out.length; i++) {
    const v = (rgb.data[i] as number) + amount * ((rgb.data[i] as number) - (b.data[i] as number));
    out[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  return { ...rgb, data: out };
}
const prepare = LEVERS[lever];
if (!prepare) throw new Error(`BENCH_LEVER=${lever}: one of ${Object.keys(LEVERS).join(', ')}`);
say(`Lever: ${lever}`);

// BENCH_CACHE=dir keeps each condition's detections there (JSON; a missing keypoint's NaN reads back as null, which
// the analysis treats alike), so judging rules can be compared without detecting again. Same lever, same pixels: a
// file is named by the lever and BENCH_TAG, which tells runs of one lever with other settings apart.
const cacheDir = process.env.BENCH_CACHE;
// evenOutDark: the frames as a stream asks for them once its reference was taken in good light (detector
// exposure.ts: a frame gone dark since is evened out for the model).
/** The cache file of one run's detections: `name` is the lever and BENCH_TAG. */
const cacheFile = (dir: string, name: string, condition: Condition | null, evenOutDark: boolean) =>
  join(
    dir,
    `${name}-${condition ?? 'original'}${evenOutDark ? '-evened' : ''}${only ? `-${only.replace(/\W/g, '_')}` : ''}.json`,
  );
const readCache = (file: string): Map<string, Detection> => new Map(JSON.parse(readFileSync(file, 'utf8')));
async function detectAll(condition: Condition | null, evenOutDark = false): Promise<Map<string, Detection>> {
  const cached =
    cacheDir && cacheFile(cacheDir, `${lever}${process.env.BENCH_TAG ?? ''}`, condition, evenOutDark);
  if (cached && existsSync(cached)) return retried(readCache(cached), condition, evenOutDark);
  const out = await detectEach(condition, evenOutDark);
  if (cached) {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, JSON.stringify([...out]));
  }
  return out;
}

// BENCH_RETRY=name: a second look where the first lost the shoulders (the frame would not be judged): the detection
// cached under that name (lever and BENCH_TAG, e.g. blurall10) in place of the first (README, levers).
function retried(m: Map<string, Detection>, condition: Condition | null, evenOutDark: boolean) {
  const tag = process.env.BENCH_RETRY;
  if (!tag || !cacheDir) return m;
  const other = readCache(cacheFile(cacheDir, tag, condition, evenOutDark));
  let n = 0;
  for (const [f, d] of m) {
    const k = clearPictureKeypoints(d.body?.keypoints ?? [], d.picture);
    if (!isPersonInView(k)) {
      m.set(f, other.get(f) as Detection);
      n++;
    }
  }
  say(`retried ${n} of ${m.size} (${condition ?? 'original'}${evenOutDark ? ', evened' : ''})`);
  return m;
}

async function detectEach(
  condition: Condition | null,
  evenOutDark: boolean,
): Promise<Map<string, Detection>> {
  const out = new Map<string, Detection>();
  for (const p of people)
    for (const f of p.frames) {
      const rgb = realRgb(f.file);
      const use = !condition && process.env.LEVER_ON_ORIGINAL === '0' ? (x: typeof rgb) => x : prepare;
      out.set(
        f.file,
        await detector.detect(use(condition ? underCondition(rgb, condition) : rgb), {
          ...modules,
          evenOutDark,
        }),
      );
    }
  return out;
}

interface Tally {
  up: number;
  upN: number;
  poor: number;
  poorN: number;
  notJudged: number;
  frames: number;
  noReference: number;
  anyRefPoorMin: number;
}
const tally = (): Tally => ({
  up: 0,
  upN: 0,
  poor: 0,
  poorN: 0,
  notJudged: 0,
  frames: 0,
  noReference: 0,
  anyRefPoorMin: 1,
});
function add(t: Tally, r: PersonResult) {
  const c = r.first;
  if (!c) {
    t.noReference++;
    return;
  }
  t.up += c.uprightPassed;
  t.upN += c.uprightTotal;
  t.poor += c.poorCaught;
  t.poorN += c.poorTotal;
  t.notJudged += c.notJudged;
  t.frames += c.uprightTotal + c.poorTotal;
  if (r.references.poorCaught.length) t.anyRefPoorMin = Math.min(t.anyRefPoorMin, ...r.references.poorCaught);
}
const cell = (t: Tally) =>
  `${t.up}/${t.upN} (${pct(t.up, t.upN)}) | ${t.poor}/${t.poorN} (${pct(t.poor, t.poorN)}) | ${t.notJudged}/${t.frames} (${pct(t.notJudged, t.frames)})${t.noReference ? `, ${t.noReference} without a reference` : ''} | ${pct(t.anyRefPoorMin, 1)}`;

const started = performance.now();
const original = await detectAll(null);
const rows: string[] = [];
const perPerson: string[] = [];
const overall = { same: tally(), changed: tally() };
// BENCH_BLUR_GATE=ratio with BENCH_BLURRED=name: a frame whose person reads less sharp than `ratio` times the
// person's reference (their first upright frame, in the references' light) is judged by its blurred look, the
// detections cached under that name (README, levers: a blur for a picture blurrier than at calibration).
const gate = Number(process.env.BENCH_BLUR_GATE ?? 0);
const gated = { frames: 0, of: 0 };
function blurredLook(condition: Condition | null, evenOutDark: boolean): Map<string, Detection> | null {
  const tag = process.env.BENCH_BLURRED;
  if (!gate || !tag || !cacheDir) return null;
  return readCache(cacheFile(cacheDir, tag, condition, evenOutDark));
}
const judge = (
  condition: string,
  detections: Map<string, Detection>,
  refs: Map<string, Detection>,
  blurredFrames: Map<string, Detection> | null = null,
) => {
  const seen = tally();
  const notSeen = tally();
  for (const p of people) {
    let judged = detections;
    if (blurredFrames) {
      const refFile = p.frames.find((f) => f.label === 'upright')?.file ?? '';
      const bar = gate * (refs.get(refFile)?.picture?.sharpness ?? 0);
      judged = new Map(detections);
      for (const f of p.frames) {
        const d = detections.get(f.file);
        gated.of++;
        if (f.file !== refFile && d?.picture && d.picture.sharpness < bar) {
          judged.set(f.file, blurredFrames.get(f.file) as Detection);
          gated.frames++;
        }
      }
    }
    const r = judgePerson(make, p, judged, undefined, { referenceDetections: refs, firstOnly: quick });
    add(unseen.includes(p) ? notSeen : seen, r);
    const c = r.first;
    perPerson.push(
      `| ${condition} | ${p.set} / ${p.person} | ${c ? `${c.uprightPassed}/${c.uprightTotal}` : 'no reference'} | ${c ? `${c.poorCaught}/${c.poorTotal}` : '—'} | ${c ? c.notJudged : '—'} |`,
    );
  }
  return { seen, notSeen };
};
{
  const { seen, notSeen } = judge('original', original, original, blurredLook(null, false));
  if (gate) say(`original: ${gated.frames} of ${gated.of} frames judged by the blurred look`);
  rows.push(`| original (for comparison) | — | ${cell(seen)} | ${cell(notSeen)} |`);
}
// Every reference of the changed case is taken in the original light, which is good light for every frame of the
// sets (the darkest reads 0.54): so the judged frames are those a stream calibrated there asks for. In the same
// light, a reference taken in a dark condition is dark itself, and in any other nothing is dark: none is evened out.
const darkestOriginal = Math.min(...[...original.values()].map((d) => d.frameBrightness ?? 1));
if (darkestOriginal < DARK_FRAME_BRIGHTNESS)
  throw new Error(
    `an original frame reads ${darkestOriginal}: the changed case's references are not all in good light`,
  );
for (const condition of conditions) {
  const detections = await detectAll(condition);
  // BENCH_EVEN_OUT=0: judged on the frames as they are, as before the stream asked for dark ones evened out.
  const afterChange = process.env.BENCH_EVEN_OUT === '0' ? detections : await detectAll(condition, true);
  for (const [label, judged, refs] of [
    ['same light', detections, detections],
    ['changed after calibrating', afterChange, original],
  ] as const) {
    const look = blurredLook(condition, label !== 'same light' && process.env.BENCH_EVEN_OUT !== '0');
    gated.frames = 0;
    gated.of = 0;
    const { seen, notSeen } = judge(`${condition}, ${label}`, judged, refs, look);
    if (gate) say(`${condition}, ${label}: ${gated.frames} of ${gated.of} frames judged by the blurred look`);
    rows.push(`| ${CONDITION_NAMES[condition]} | ${label} | ${cell(seen)} | ${cell(notSeen)} |`);
    const o = label === 'same light' ? overall.same : overall.changed;
    for (const t of [seen, notSeen]) {
      o.up += t.up;
      o.upN += t.upN;
      o.poor += t.poor;
      o.poorN += t.poorN;
      o.notJudged += t.notJudged;
      o.frames += t.frames;
      o.noReference += t.noReference;
      o.anyRefPoorMin = Math.min(o.anyRefPoorMin, t.anyRefPoorMin);
    }
  }
}
say(`Detected and judged in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
say(
  '| condition | case | seen people: upright passed | poor caught | not judged | poor caught, any ref (min) | unseen people: upright passed | poor caught | not judged | poor caught, any ref (min) |',
);
say('|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) say(r);
say(`\nAll conditions, same light: ${cell(overall.same)}`);
say(`All conditions, changed after calibrating: ${cell(overall.changed)}`);
say('\n| condition, case | set / person | upright passed | poor caught | not judged |');
say('|---|---|---|---|---|');
for (const r of perPerson) say(r);
