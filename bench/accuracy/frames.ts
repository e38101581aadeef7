// Run from the repository root: node --import tsx bench/accuracy/frames.ts [set-or-person-filter]
// Per frame of each real person: the measures against the person's first reference, how the frame is seen (view)
// and the verdict at the end of an 8 s hold, the material the rules' thresholds are chosen from (live.ts gives the
// totals; BENCH_REF picks another upright frame as the reference). Detections are cached in BENCH_CACHE (a JSON file) when set, so a rule change is re-read in seconds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  bodyGeometry,
  type PostureReference,
  postureMeasures,
  viewOf,
} from '../../packages/core/src/analysis.ts';
import { loadHuman } from '../../packages/detector/node/human.ts';
import { createDetector, type Detection, DetectionStream } from '../../packages/detector/src/index.ts';
import {
  calibrateAfterHold,
  FRAME_MS,
  HOLD_MS,
  type JudgingStream,
} from '../../packages/testkit/src/live-accuracy.ts';
import { livePeople, realRgb, unseenPeople } from '../../packages/testkit/src/real-media.ts';

const filter = process.argv[2] ?? '';
const people = [...livePeople(), ...unseenPeople()].filter((p) => `${p.set}/${p.person}`.includes(filter));
const cache = process.env.BENCH_CACHE;
let detections = new Map<string, Detection>();
if (cache && existsSync(cache)) detections = new Map(JSON.parse(readFileSync(cache, 'utf8')));
const missing = people.flatMap((p) => p.frames).filter((f) => !detections.has(f.file));
if (missing.length) {
  const human = await loadHuman({ body: true, face: false, hands: false, emotion: false });
  const detector = createDetector(human);
  for (const f of missing)
    detections.set(
      f.file,
      await detector.detect(realRgb(f.file), { body: true, face: false, hands: false, emotion: false }),
    );
  if (cache) writeFileSync(cache, JSON.stringify([...detections]));
}

const make = () => new DetectionStream() as unknown as JudgingStream<Detection>;
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : String(x));
for (const p of people) {
  let reference: PostureReference | null = null;
  let refFile = '';
  // BENCH_REF=<part of a file name> takes the reference from that upright frame instead of the first.
  const refPart = process.env.BENCH_REF;
  for (const f of p.frames.filter((x) => x.label === 'upright' && (!refPart || x.file.includes(refPart)))) {
    reference = calibrateAfterHold(make, detections.get(f.file) as Detection).reference;
    if (reference) {
      refFile = f.file;
      break;
    }
  }
  console.log(`\n## ${p.set} / ${p.person}: reference ${refFile || 'none'}`);
  if (!reference) continue;
  console.log(
    'file label | view | drop sdrop h/n n/s scale lean tilt | shoulder scores | end verdict (ever poor)',
  );
  for (const f of p.frames) {
    const d = detections.get(f.file) as Detection;
    const k = d.body?.keypoints ?? [];
    const body = bodyGeometry(k, reference.frame);
    const view = body ? viewOf(k, body, reference.body) : 'no-shoulders';
    const m = body ? postureMeasures(body, reference.body) : null;
    const s = make();
    s.setReference(reference);
    let ever = false;
    let last = '';
    for (let t = 0; t <= HOLD_MS; t += FRAME_MS) {
      const v = s.frame(d, t).posture_verdict;
      if (v?.status === 'poor') ever = true;
      last = `${v?.status}${v?.issue ? ` ${v.issue}/${v.level}` : ''}`;
    }
    const sc = [0, 1, 2, 3, 4, 5, 6].map((i) => (k[i]?.score ?? 0).toFixed(1)).join(' ');
    const ms = m
      ? `${f2(m.head_drop)} ${f2(m.shoulder_drop)} ${f2(m.head_over_neck)} ${f2(m.neck_vs_shoulders)} ${f2(m.scale)} ${f2(m.lean)} ${m.tilt_deg.toFixed(0)}`
      : '-';
    console.log(
      `${f.file.split('/').slice(-2).join('/')} ${f.label} | ${view} | ${ms} | ${sc} | ${last}${ever ? ' (ever)' : ''}`,
    );
  }
}
