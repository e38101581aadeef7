// Run from the repository root: node --import tsx bench/accuracy/live.ts   (about 2 minutes; measures, asserts
// nothing). BENCH_STREAM=/path/to/packages/detector/src/stream.ts judges with another checkout's detection stream
// (the "before" figures: the detections are this checkout's, the judging that checkout's core). BENCH_BODY=thunder or
// blazepose-lite|full|heavy reads the bodies with another packaged pose model (the models compared in the README).
// The live monitor's accuracy on the real people of packages/testkit/real-media (testkit live-accuracy.ts has the
// protocol): per person, with the first upright frame as the reference and over every upright frame in turn; and a
// simulated hour of upright sitting with natural movement and held slouches. The unseen people (testkit unseenPeople(),
// whom the rules were not chosen on) are judged the same way and totalled on their own.
import { cpus, totalmem } from 'node:os';
import { extraModelUrl, loadHuman, loadPhotoBody } from '../../packages/detector/node/human.ts';
import { createDetector, type Detection, DetectionStream } from '../../packages/detector/src/index.ts';
import {
  calibrateOn,
  type JudgingStream,
  judgeDay,
  judgePerson,
  type PersonResult,
} from '../../packages/testkit/src/live-accuracy.ts';
import { livePeople, realRgb, unseenPeople } from '../../packages/testkit/src/real-media.ts';
import { sideViewPhotoFiles } from '../../packages/testkit/src/side-view-media.ts';

const say = (s: string) => console.log(s);
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(0)}%` : '—');
const pctOf = (x: number) => `${(100 * x).toFixed(0)}%`;

say(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${new Date().toISOString()}`,
);

const Stream = process.env.BENCH_STREAM
  ? ((await import(process.env.BENCH_STREAM)) as { DetectionStream: typeof DetectionStream }).DetectionStream
  : DetectionStream;
say(`Judged by: ${process.env.BENCH_STREAM ?? 'this checkout'}`);
const make = () => new Stream() as unknown as JudgingStream<Detection>;
/** Why Calibrate took nothing: the stream's problem. */
const refusal = (s: JudgingStream<Detection>) =>
  String((s as unknown as { problem?: string }).problem ?? 'refused');

// BENCH_BODY reads the bodies with another pose model packaged in the npm dependencies, judged by the same rules:
// `thunder` is the photo calibration's (detector photo-body.ts, through the detector's photoBody look);
// `blazepose-lite|full|heavy` is MediaPipe's BlazePose in Human's model set, its own detector finding the person.
const BODY_MODELS = ['lightning', 'thunder', 'blazepose-lite', 'blazepose-full', 'blazepose-heavy'] as const;
const bodyModel = process.env.BENCH_BODY ?? 'lightning';
if (!(BODY_MODELS as readonly string[]).includes(bodyModel))
  throw new Error(`BENCH_BODY=${bodyModel}: one of ${BODY_MODELS.join(', ')}`);
const blazepose = bodyModel.startsWith('blazepose')
  ? {
      modelPath: extraModelUrl(`${bodyModel}.json`),
      detector: { modelPath: extraModelUrl('blazepose-detector.json') },
    }
  : undefined;
const thunder = bodyModel === 'thunder';
const human = await loadHuman({ body: !thunder, face: false, hands: false, emotion: false }, blazepose);
const detector = createDetector(human, thunder ? await loadPhotoBody(human) : undefined);
const seen = livePeople();
const unseen = unseenPeople();
// BENCH_PEOPLE=text judges only the people whose "set/person" contains it.
const only = process.env.BENCH_PEOPLE ?? '';
const people = [...seen, ...unseen].filter((p) => `${p.set}/${p.person}`.includes(only));
const detections = new Map<string, Detection>();
const started = performance.now();
for (const p of people)
  for (const f of p.frames)
    detections.set(
      f.file,
      await detector.detect(realRgb(f.file), {
        body: !thunder,
        photoBody: thunder,
        face: false,
        hands: false,
        emotion: false,
      }),
    );
say(
  `Detected ${detections.size} frames in ${((performance.now() - started) / 1000).toFixed(1)} s (${bodyModel === 'lightning' ? 'MoveNet Lightning, the live model' : bodyModel})\n`,
);

say(
  '| set / person | upright passed (1st ref) | poor caught (1st ref) | poor caught of those judged | named as the source says | not judged (upright / poor) | issues named | upright passed, any ref (min / median) | poor caught, any ref (min / median) | refs refused |',
);
say('|---|---|---|---|---|---|---|---|---|---|');
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : Number.NaN;
};
const zero = () => ({ up: 0, upN: 0, poor: 0, poorN: 0, named: 0, namedN: 0 });
const totalsSeen = zero();
const totalsUnseen = zero();
const results: PersonResult[] = [];
for (const p of people) {
  const r = judgePerson(make, p, detections, refusal);
  results.push(r);
  const c = r.first;
  const totals = unseen.includes(p) ? totalsUnseen : totalsSeen;
  if (c) {
    totals.up += c.uprightPassed;
    totals.upN += c.uprightTotal;
    totals.poor += c.poorCaught;
    totals.poorN += c.poorTotal;
    totals.named += c.namedRight;
    totals.namedN += c.namedTotal;
  }
  const refs = r.references;
  say(
    `| ${p.set} / ${p.person} | ${c ? `${c.uprightPassed}/${c.uprightTotal} (${pct(c.uprightPassed, c.uprightTotal)})${r.refusedBefore.length ? `, after ${r.refusedBefore.length} refused (${r.refusedBefore.join(', ')})` : ''}` : 'no reference'} | ${c ? `${c.poorCaught}/${c.poorTotal} (${pct(c.poorCaught, c.poorTotal)})` : '—'} | ${c ? pct(c.poorCaught, c.poorTotal - c.notJudgedPoor) : '—'} | ${c?.namedTotal ? `${c.namedRight}/${c.namedTotal}` : '—'} | ${c ? `${c.notJudged - c.notJudgedPoor} / ${c.notJudgedPoor}` : '—'} | ${
      c
        ? Object.entries(c.issues)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')
        : '—'
    } | ${refs.taken ? `${pctOf(Math.min(...refs.uprightPassed))} / ${pctOf(median(refs.uprightPassed))}` : '—'} | ${refs.taken ? `${pctOf(Math.min(...refs.poorCaught))} / ${pctOf(median(refs.poorCaught))}` : '—'} | ${refs.refused}/${refs.taken + refs.refused} |`,
  );
}
for (const [who, totals] of [
  ['All people of livePeople()', totalsSeen],
  ['Unseen people (unseenPeople())', totalsUnseen],
] as const)
  say(
    `\n${who}, first upright frame as reference: upright passed ${totals.up}/${totals.upN} (${pct(totals.up, totals.upN)}), poor caught ${totals.poor}/${totals.poorN} (${pct(totals.poor, totals.poorN)}), named as the source says ${totals.named}/${totals.namedN} (${pct(totals.named, totals.namedN)})`,
  );

say(
  '\nAn hour of upright sitting with natural movement per person (moving between real upright frames, 1-2 s looks at a poor frame), a 10 s slouch every 10 minutes:\n',
);
say('| set / person | false alarms per upright hour | slouches reported | onset → verdict (median, max) |');
say('|---|---|---|---|');
for (const p of people) {
  const d = judgeDay(make, p, detections, { minutes: 60, seed: 7 });
  if (!d) {
    // judgeDay needs poor frames for the looks and the slouches it holds.
    const why = p.frames.some((f) => f.label === 'poor') ? 'no reference' : 'no poor frames, not simulated';
    say(`| ${p.set} / ${p.person} | ${why} | — | — |`);
    continue;
  }
  const got = d.delays.filter((x): x is number => x !== null);
  say(
    `| ${p.set} / ${p.person} | ${(d.falseAlarms / d.uprightHours).toFixed(1)} (${d.falseAlarms} in ${d.uprightHours.toFixed(2)} h) | ${got.length}/${d.delays.length} | ${got.length ? `${(median(got) / 1000).toFixed(1)} s, ${(Math.max(...got) / 1000).toFixed(1)} s` : '—'} |`,
  );
}

// Calibrate pressed sitting side on: every real side-view photo (side-view benchmark's people) held 3 s on a fresh
// stream, as the user would hold still; the reference must be refused, saying why.
say('\nSide views offered as the live reference (Calibrate held 3 s on each real side-view photo):\n');
const answers = new Map<string, number>();
const taken: string[] = [];
const sideFiles = sideViewPhotoFiles();
for (const file of sideFiles) {
  const d = await detector.detect(realRgb(file), { body: true, face: false, hands: false, emotion: false });
  const answer = calibrateOn(make, d, refusal);
  if (answer === null) taken.push(file);
  const key = answer ?? 'taken';
  answers.set(key, (answers.get(key) ?? 0) + 1);
}
say(
  `${sideFiles.length} photos: ${[...answers].map(([k, v]) => `${k} ${v}`).join(', ')}${taken.length ? `; taken: ${taken.join(', ')}` : ''}`,
);
