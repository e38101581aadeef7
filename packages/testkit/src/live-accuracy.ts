// The live monitor's accuracy protocol on real people (bench/accuracy and the regression tests run it): each
// person's frames go through the product's own path, the detection stream the vision service and device mode use
// (detector → core analysis → verdict), at a live frame rate.
//
// - Holds: a reference taken from an upright frame (held REFERENCE_HOLD_MS, then Calibrate; a frame the product
//   refuses as a reference is skipped, as the user would be asked to sit differently), then each other frame held
//   HOLD_MS on a fresh stream with that reference. An upright frame passes when it is never judged poor; a
//   poor frame is caught when it is poor at the end; the issue named at the end is counted. Every upright frame is
//   the reference in turn (the spread says how much the calibration instant matters); the first is the headline.
// - Day: an hour of upright sitting with natural movement built from the person's real frames (moving between
//   their upright positions every 3-30 s, and 1-2 s looks at a poor frame: a glance down, a reach), then held
//   slouches: false alarms per hour, and the delay from a slouch's onset to the verdict.
import type { DetectionFrame, PostureReference, PostureVerdict } from '@posture-vision/core/analysis';
import type { LivePerson } from './real-media.ts';

/** What the protocol drives: the detector's DetectionStream fits. */
export interface JudgingStream<D> {
  frame(d: D, time: number): DetectionFrame;
  calibrate(): PostureReference | null;
  setReference(reference: PostureReference | null): void;
}

export const FRAME_MS = 200; // 5 frames/s: the live rate while posture is at risk
export const REFERENCE_HOLD_MS = 3000;
export const HOLD_MS = 8000;

export interface HoldCounts {
  uprightPassed: number;
  uprightTotal: number;
  poorCaught: number;
  poorTotal: number;
  /** Poor frames whose source names the issue, and how many of them were named with it. */
  namedRight: number;
  namedTotal: number;
  /** Frames left neutral at the end of their hold (nobody, shoulders out of view, or a face turned away), and how
   * many of them were poor frames. */
  notJudged: number;
  notJudgedPoor: number;
  issues: Record<string, number>;
}

export interface PersonResult {
  set: string;
  person: string;
  /** With the first upright frame that makes a reference as the reference (null: none did). */
  first: HoldCounts | null;
  /** Upright frames before it that were refused as a reference, and why. */
  refusedBefore: string[];
  /** Over every upright frame as the reference in turn: the share of upright frames passed and poor caught. */
  references: { taken: number; refused: number; uprightPassed: number[]; poorCaught: number[] };
}

/** A judged frame's verdict: neutral when the stream named none. */
export const verdictOf = (f: DetectionFrame): PostureVerdict =>
  f.posture_verdict ?? { status: 'neutral', issue: null, level: null };

/** Calibrate pressed after one frame was held REFERENCE_HOLD_MS on a fresh stream: the reference (null: refused)
 * and the stream, which says why. */
export function calibrateAfterHold<D>(make: () => JudgingStream<D>, d: D) {
  const stream = make();
  for (let t = 0; t <= REFERENCE_HOLD_MS; t += FRAME_MS) stream.frame(d, t);
  return { reference: stream.calibrate(), stream };
}

/** Holds one frame on a fresh stream with the reference: whether it was ever poor, and the verdict at the end. */
function hold<D>(make: () => JudgingStream<D>, reference: PostureReference, d: D) {
  const s = make();
  s.setReference(reference);
  let everPoor = false;
  let last: PostureVerdict = { status: 'neutral', issue: null, level: null };
  for (let t = 0; t <= HOLD_MS; t += FRAME_MS) {
    last = verdictOf(s.frame(d, t));
    if (last.status === 'poor') everPoor = true;
  }
  return { everPoor, last };
}

function holds<D>(
  make: () => JudgingStream<D>,
  person: LivePerson,
  detections: Map<string, D>,
  reference: PostureReference,
  referenceFile: string,
): HoldCounts {
  const c: HoldCounts = {
    uprightPassed: 0,
    uprightTotal: 0,
    poorCaught: 0,
    poorTotal: 0,
    namedRight: 0,
    namedTotal: 0,
    notJudged: 0,
    notJudgedPoor: 0,
    issues: {},
  };
  for (const f of person.frames) {
    if (f.file === referenceFile) continue;
    const d = detections.get(f.file) as D;
    const { everPoor, last } = hold(make, reference, d);
    if (last.status === 'neutral') {
      c.notJudged++;
      if (f.label === 'poor') c.notJudgedPoor++;
    }
    if (f.label === 'upright') {
      c.uprightTotal++;
      if (!everPoor) c.uprightPassed++;
    } else {
      c.poorTotal++;
      if (last.status === 'poor') {
        c.poorCaught++;
        const issue = last.issue ?? 'unnamed';
        c.issues[issue] = (c.issues[issue] ?? 0) + 1;
      }
      if (f.expected) {
        c.namedTotal++;
        if (last.status === 'poor' && last.issue === f.expected) c.namedRight++;
      }
    }
  }
  return c;
}

/** The hold protocol for one person, every upright frame as the reference in turn (`firstOnly`: until one makes a
 * reference). The references are taken on `referenceDetections` (by default the judged ones): another picture of the
 * same frames is the light changing after calibrating (testkit conditions.ts). */
export function judgePerson<D>(
  make: () => JudgingStream<D>,
  person: LivePerson,
  detections: Map<string, D>,
  refusal: (s: JudgingStream<D>) => string = () => 'refused',
  options: { referenceDetections?: Map<string, D>; firstOnly?: boolean } = {},
): PersonResult {
  const referenceDetections = options.referenceDetections ?? detections;
  const upright = person.frames.filter((f) => f.label === 'upright');
  const out: PersonResult = {
    set: person.set,
    person: person.person,
    first: null,
    refusedBefore: [],
    references: { taken: 0, refused: 0, uprightPassed: [], poorCaught: [] },
  };
  upright.forEach((r) => {
    if (options.firstOnly && out.first) return;
    const { reference, stream } = calibrateAfterHold(make, referenceDetections.get(r.file) as D);
    if (!reference) {
      out.references.refused++;
      if (!out.first) out.refusedBefore.push(refusal(stream));
      return;
    }
    out.references.taken++;
    const c = holds(make, person, detections, reference, r.file);
    out.first ??= c;
    out.references.uprightPassed.push(c.uprightTotal ? c.uprightPassed / c.uprightTotal : 1);
    out.references.poorCaught.push(c.poorTotal ? c.poorCaught / c.poorTotal : 1);
  });
  return out;
}

/** A small seeded generator, so a day is the same day in every run. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DayResult {
  uprightHours: number;
  falseAlarms: number;
  /** Per held slouch, ms from its onset to the first poor verdict (null: never reported while held). */
  delays: (number | null)[];
}

/**
 * A day for one person: the reference from the first upright frame that makes one; then `minutes` of upright
 * sitting moving between the person's upright frames (each held 3-30 s) with a 1-2 s look at a poor frame now and
 * then (every 20-120 s); each upright stretch ends in a slouch held 10 s (a poor frame), after which the person sits up again.
 * False alarms: poor verdicts that begin during upright sitting (after the slouch's own recovery time).
 */
export function judgeDay<D>(
  make: () => JudgingStream<D>,
  person: LivePerson,
  detections: Map<string, D>,
  options: { minutes: number; seed: number; slouchEveryMs?: number },
): DayResult | null {
  const upright = person.frames.filter((f) => f.label === 'upright');
  const poor = person.frames.filter((f) => f.label === 'poor');
  if (!poor.length) return null;
  let reference: PostureReference | null = null;
  for (const f of upright) {
    reference = calibrateAfterHold(make, detections.get(f.file) as D).reference;
    if (reference) break;
  }
  if (!reference) return null;
  const rand = seeded(options.seed);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  const s = make();
  s.setReference(reference);
  const slouchEvery = options.slouchEveryMs ?? 10 * 60_000;
  const end = options.minutes * 60_000;
  let t = 0;
  let poorNow = false;
  let uprightMs = 0;
  let falseAlarms = 0;
  const delays: (number | null)[] = [];
  // Upright sitting counts for false alarms from this long after sitting up again: the reported slouch's recovery.
  const settleMs = 3000;
  let sinceUpright = 0;
  let nextLook = 20_000 + rand() * 100_000;
  let nextSlouch = slouchEvery;
  const run = (d: D, ms: number, onVerdict: (v: PostureVerdict, at: number) => void) => {
    for (let e = 0; e < ms; e += FRAME_MS, t += FRAME_MS) onVerdict(verdictOf(s.frame(d, t)), t);
  };
  const uprightVerdict = (v: PostureVerdict) => {
    const settled = t - sinceUpright >= settleMs;
    if (v.status === 'poor' && !poorNow && settled) falseAlarms++;
    poorNow = v.status === 'poor';
    if (settled) uprightMs += FRAME_MS;
  };
  while (t < end) {
    if (t >= nextSlouch) {
      const onset = t;
      let delay: number | null = null;
      run(detections.get(pick(poor).file) as D, 10_000, (v, at) => {
        if (v.status === 'poor' && delay === null) delay = at - onset;
        poorNow = v.status === 'poor';
      });
      delays.push(delay);
      nextSlouch = t + slouchEvery;
      sinceUpright = t;
      continue;
    }
    if (t >= nextLook) {
      run(detections.get(pick(poor).file) as D, 1000 + rand() * 1000, uprightVerdict);
      nextLook = t + 20_000 + rand() * 100_000;
      continue;
    }
    run(detections.get(pick(upright).file) as D, 3000 + rand() * 27_000, uprightVerdict);
  }
  return { uprightHours: uprightMs / 3_600_000, falseAlarms, delays };
}

/** The answer to Calibrate held on one frame: null when a reference was taken, else why not (`refusal`). */
export function calibrateOn<D>(
  make: () => JudgingStream<D>,
  d: D,
  refusal: (s: JudgingStream<D>) => string = () => 'refused',
): string | null {
  const { reference, stream } = calibrateAfterHold(make, d);
  return reference ? null : refusal(stream);
}
