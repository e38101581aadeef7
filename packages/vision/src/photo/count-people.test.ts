// The one-person check by bodies (service.ts countPeople, checkOnePerson): which of the people model's bodies are
// people, on hand-made bodies. The real photos are photo-people.test.ts's.
import type { BodyDetection, Detection } from '@posture-vision/detector';
import { COCO17 } from '@posture-vision/detector';
import { describe, expect, it } from 'vitest';
import { checkOnePerson, countPeople, MESSAGES, OTHER_PERSON_SCORE, PhotoError } from './service.ts';

/** A body in a box, with a head and both shoulders seen unless `parts` says which parts are. */
function body(
  x: number,
  score: number,
  parts: readonly string[] = ['nose', 'leftEar', 'leftShoulder', 'rightShoulder'],
): BodyDetection {
  return {
    keypoints: COCO17.map((name) =>
      parts.includes(name)
        ? { x: x + 0.1, y: 0.3, score: 0.8, name }
        : { x: Number.NaN, y: Number.NaN, score: 0, name },
    ),
    box: { x, y: 0.1, w: 0.3, h: 0.8, score },
    score,
  };
}

const oneFace: Detection = {
  width: 640,
  height: 480,
  body: body(0.1, 0.7),
  faces: [],
  faceMeasured: false,
  faceBox: null,
  hands: null,
  timings: {},
};

describe('counting the people of a photo by their bodies', () => {
  it('counts two people standing apart, faces or not', () => {
    expect(countPeople([body(0.05, 0.6), body(0.6, 0.4)])).toBe(2);
  });

  it('does not count a weak second body, a body without a head or shoulders, or a second box around the first', () => {
    expect(countPeople([body(0.05, 0.6), body(0.6, OTHER_PERSON_SCORE - 0.05)])).toBe(1);
    expect(countPeople([body(0.05, 0.6), body(0.6, 0.5, ['leftShoulder', 'rightShoulder'])])).toBe(1);
    expect(countPeople([body(0.05, 0.6), body(0.6, 0.5, ['nose', 'leftShoulder'])])).toBe(1);
    expect(countPeople([body(0.05, 0.6), body(0.08, 0.55)])).toBe(1);
  });

  it('refuses a photo with two bodies as more than one person, in words that say so', () => {
    try {
      checkOnePerson(oneFace, 'left_image', [body(0.05, 0.6), body(0.6, 0.4)]);
      expect.unreachable('a photo of two people was accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(PhotoError);
      expect((error as PhotoError).message).toBe(MESSAGES.manyBodies(2));
      expect((error as PhotoError).message).toMatch(/^More than one person detected in the image/);
      expect((error as PhotoError).field).toBe('left_image');
    }
  });

  it('accepts one body, and keeps the live model body as the person', () => {
    expect(checkOnePerson(oneFace, 'front_image', [body(0.05, 0.6)])).toBe(oneFace.body?.keypoints);
  });
});
