// The live monitor on natural movement recorded as video (real-media/webcam-natural-video: a man at his laptop
// webcam talking, turning his head, leaning in and back, a hand at his chin, upright throughout), through the
// product's path: ffmpeg decodes at the live capture rate, the detector's Node host (the vision service's model) and
// its DetectionStream judge in video time, Calibrate pressed after the first 3 s. The protocol is testkit
// natural-video.ts, the figures bench/accuracy/README.md. Needs ffmpeg on the PATH (.ci/run installs it).

import type { JudgingStream } from '@posture-vision/testkit/live-accuracy';
import { decodeVideo, deskVideos, judgeVideo, naturalVideos } from '@posture-vision/testkit/natural-video';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadHuman } from '../node/human.ts';
import { createDetector, type Detection, DetectionStream } from '../src/index.ts';

const make = () => new DetectionStream() as unknown as JudgingStream<Detection>;
const videos = naturalVideos();
const desk = deskVideos();
const detections = new Map<string, Detection[]>();

beforeAll(async () => {
  const body = { body: true, face: false, hands: false, emotion: false };
  const detector = createDetector(await loadHuman(body));
  for (const v of [...videos, ...desk]) {
    const out: Detection[] = [];
    for (const frame of decodeVideo(v.file)) out.push(await detector.detect(frame, body));
    detections.set(v.file, out);
  }
}, 300_000);

describe('the live monitor on natural video of a man sitting upright', () => {
  it('raises no alarm while he talks, turns, leans in and back and rests his chin on his hand, and judges most of the time', () => {
    let judged = 0;
    let notJudged = 0;
    for (const v of videos) {
      const run = judgeVideo(make, detections.get(v.file) as Detection[]);
      expect(run.referenceAt, v.file).not.toBeNull();
      expect(
        run.alerts.map((a) => `${v.file} ${a.from / 1000} s ${a.issue}`),
        'poor verdicts',
      ).toEqual([]);
      judged += run.ms.good + run.ms.poor + run.ms.neutral;
      notJudged += run.ms.neutral;
    }
    // 8.4 s of 77.6 s measured (a shoulder scored just under the bar at the picture's edge, the hand at the chin).
    expect(notJudged / judged).toBeLessThanOrEqual(0.15);
  });
});

describe('the live monitor on video of two more people: a man shifting, leaning in and sinking low, a woman tilting her head', () => {
  it('raises no alarm where they sit upright or shift, and names the strong head tilts as a tilt', () => {
    const named: string[] = [];
    for (const v of desk) {
      const run = judgeVideo(make, detections.get(v.file) as Detection[], { calibrateAt: v.calibrateAt });
      expect(run.referenceAt, v.file).not.toBeNull();
      // A poor verdict is no false alarm only where the reading by eye has that issue (its stretch, and the frame
      // after it that reports it).
      const unexplained = run.alerts.filter(
        (a) =>
          !v.moments.some(
            (m) =>
              !!a.issue &&
              !!m.named?.includes(a.issue) &&
              a.from >= m.from * 1000 &&
              a.from <= m.to * 1000 + 200,
          ),
      );
      expect(
        unexplained.map((a) => `${v.file} ${a.from / 1000} s ${a.issue}`),
        'poor verdicts where none is seen',
      ).toEqual([]);
      named.push(...run.alerts.map((a) => `${v.file} ${a.issue}`));
    }
    expect(named).toContain('webcam-video-head-tilts/talking-head-tilts.mp4 tilt');
  });
});
