// The live monitor on real people (packages/testkit/real-media), through the product's own path: the detector's
// Node host (the vision service's model), its DetectionStream (the same in server and device mode) and core's
// analysis. The protocol is testkit live-accuracy.ts, the figures and their method bench/accuracy/README.md. The
// man of the two slouching sets meets the monitor's goals; the students' set (a camera moved between takes, held
// head tilts labelled good, a small sink labelled bad) is held to the floors measured when the rules were chosen,
// so a change that makes it worse fails.
import { ONSET_MS } from '@posture-vision/core/analysis';
import {
  calibrateOn,
  type JudgingStream,
  judgeDay,
  judgePerson,
} from '@posture-vision/testkit/live-accuracy';
import { type LivePerson, livePeople, realRgb } from '@posture-vision/testkit/real-media';
import { sideViewPhotoFiles } from '@posture-vision/testkit/side-view-media';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHuman } from '../node/human.ts';
import { createDetector, type Detection, DetectionStream } from '../src/index.ts';

const make = () => new DetectionStream() as unknown as JudgingStream<Detection>;
const people = livePeople();
const detections = new Map<string, Detection>();
const person = (set: string, id = 'A') => people.find((p) => p.set === set && p.person === id) as LivePerson;
const min = (v: number[]) => Math.min(...v);

const body = { body: true, face: false, hands: false, emotion: false };
let detector: ReturnType<typeof createDetector>;

beforeAll(async () => {
  detector = createDetector(await loadHuman(body));
  for (const p of people)
    for (const f of p.frames) detections.set(f.file, await detector.detect(realRgb(f.file), body));
}, 300_000);

describe('the live monitor on real people', () => {
  it.each(['webcam-upright-vs-slouched', 'webcam-middle-vs-slouched'])(
    '%s: upright passed, slouches caught and named slouch, whichever upright frame is the reference',
    (set) => {
      const r = judgePerson(make, person(set), detections);
      const c = r.first;
      if (!c) throw new Error('no upright frame made a reference');
      expect(r.refusedBefore).toEqual([]);
      expect(c.uprightPassed / c.uprightTotal).toBeGreaterThanOrEqual(0.95);
      expect(c.poorCaught / c.poorTotal).toBeGreaterThanOrEqual(0.95);
      expect(c.namedRight / c.namedTotal).toBeGreaterThanOrEqual(0.8);
      expect(min(r.references.uprightPassed)).toBeGreaterThanOrEqual(0.9);
    },
  );

  it.each(['webcam-upright-vs-slouched', 'webcam-middle-vs-slouched'])(
    '%s: an hour of upright sitting with natural movement raises at most one false alarm; a held slouch is reported within the onset delay + 1 s',
    (set) => {
      const day = judgeDay(make, person(set), detections, { minutes: 60, seed: 7 });
      if (!day) throw new Error('no day');
      expect(day.falseAlarms / day.uprightHours).toBeLessThanOrEqual(1);
      expect(day.delays.length).toBeGreaterThan(0);
      for (const delay of day.delays) {
        expect(delay).not.toBeNull();
        expect(delay as number).toBeLessThanOrEqual(ONSET_MS + 1000);
      }
    },
  );

  // Floors measured on 2026-11-28 (bench/accuracy/README.md), a frame or two below each figure: A 35/36 and 53/60,
  // B 54/55 and 37/48 (10 of them leaning in, shoulders out of the picture), C 46/51 and 23/26, D 29/29 and 16/37.
  it.each([
    ['A', 0.94, 0.85],
    ['B', 0.95, 0.74],
    ['C', 0.88, 0.85],
    ['D', 0.95, 0.4],
  ])('students %s: upright passed and poor caught stay at their measured floors', (id, upright, poor) => {
    const c = judgePerson(make, person('webcam-students-good-vs-bad', id), detections).first;
    if (!c) throw new Error('no upright frame made a reference');
    expect(c.uprightPassed / c.uprightTotal).toBeGreaterThanOrEqual(upright);
    expect(c.poorCaught / c.poorTotal).toBeGreaterThanOrEqual(poor);
  });

  it('students B: leaning in until the shoulders leave the picture is named leaning in', () => {
    const c = judgePerson(make, person('webcam-students-good-vs-bad', 'B'), detections).first;
    expect(c?.issues.leaning_in ?? 0).toBeGreaterThanOrEqual(8);
  });

  it('a person sitting side on to the camera is refused as the reference: turned to the side, or the head turned away', async () => {
    const refusal = (s: JudgingStream<Detection>) =>
      String((s as unknown as DetectionStream).problem ?? 'refused');
    const answers: Record<string, string | null> = {};
    for (const file of sideViewPhotoFiles())
      answers[file] = calibrateOn(make, await detector.detect(realRgb(file), body), refusal);
    // Two people, 26 photos from both sides (bench/accuracy/README.md). The words: "you are turned to the side: face
    // the camera", "your head is turned away: look at the screen".
    expect(Object.keys(answers).length).toBeGreaterThanOrEqual(26);
    for (const [file, answer] of Object.entries(answers))
      expect([file, answer]).toEqual([file, expect.stringMatching(/^(side|head-turned)$/)]);
  });

  it('students C: a reference taken with the head turned to talk is refused, so none calls most of his upright frames poor', () => {
    const refusal = (s: JudgingStream<Detection>) =>
      String((s as unknown as DetectionStream).problem ?? 'refused');
    const c = person('webcam-students-good-vs-bad', 'C');
    // good/625-635: turned to talk (the nose 0.47-0.57 ear spans off the ears' midline, bench/accuracy/README.md);
    // his frames further turned, 565-575, are refused already for a shoulder not seen.
    for (const n of [625, 630, 635]) {
      const file = c.frames.find((f) => f.file.endsWith(`good/dataset1-${n}.jpg`))?.file as string;
      expect([n, calibrateOn(make, detections.get(file) as Detection, refusal)]).toEqual([n, 'head-turned']);
    }
    // Against good/630 taken as the reference, 12% of his upright frames passed (2026-11-28). The worst now is 25%
    // (13 of 51): 31% before a keypoint just under the bar was used in a clear picture (core seeing.ts
    // CLEAR_PICTURE_KEYPOINT_SCORE), which judges 3 more of his upright frames.
    const r = judgePerson(make, c, detections);
    expect(min(r.references.uprightPassed)).toBeGreaterThanOrEqual(0.25);
  });

  it('students C: the camera moved between takes raises few false alarms in an hour (the rest are held head tilts)', () => {
    const day = judgeDay(make, person('webcam-students-good-vs-bad', 'C'), detections, {
      minutes: 60,
      seed: 7,
    });
    if (!day) throw new Error('no day');
    // 17.3 per upright hour measured; 30.5 while a camera moved read as a slouch.
    expect(day.falseAlarms / day.uprightHours).toBeLessThanOrEqual(20);
  });
});
