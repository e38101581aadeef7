// A side photo taken where the front photo belongs: the eye and shoulder lines of a person side on are no head or
// shoulder tilt, so the front view measures nothing and says why (the wizard then asks for that photo again instead
// of offering Next, and no tilt costs the score points). Real side-view photos of two people, both sides, and a real
// woman facing the camera whose narrow shoulders bring her near the bar.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { framedPersonPhoto, mirroredPhoto } from '@posture-vision/testkit/media';
import { REAL_MEDIA_DIR } from '@posture-vision/testkit/real-media';
import { sideViewPhotoFiles } from '@posture-vision/testkit/side-view-media';
import { describe, expect, it } from 'vitest';
import { analyzePhoto } from '../src/photo/service.ts';
import { useEngine } from './engine.ts';

const engine = useEngine();
// Every fourth photo: both people, both sides, upright and slouched.
const photos = sideViewPhotoFiles().filter((_, i) => i % 4 === 0);

describe('a side photo given as the front photo', () => {
  it.each(photos)(
    '%s: no tilt is measured, and the answer says the person is not facing the camera',
    async (file) => {
      const a = await analyzePhoto(
        engine.pool,
        new Uint8Array(readFileSync(join(REAL_MEDIA_DIR, file))),
        'front',
        'front_image',
      );
      expect(a.metrics.head_tilt_angle).toBeUndefined();
      expect(a.metrics.shoulder_tilt_angle).toBeUndefined();
      expect(a.not_measurable).toMatch(
        /^Posture could not be measured as a front photo: (you are turned to the side|your head is turned away)/,
      );
    },
  );

  // The other side of the bar: a woman with narrow shoulders facing the camera, in the wizard's 640x480 frame and
  // mirrored as it captures, reads a head wide for her shoulders (1.16 against the live rule's 1.2 and over it as the
  // wizard captures) and is still a front photo whose tilts are measured.
  it.each([false, true])(
    'a woman facing the camera in a 640x480 frame (mirrored: %s) is measured',
    async (mirror) => {
      const photo = framedPersonPhoto('woman-left', 640, 480);
      const a = await analyzePhoto(
        engine.pool,
        new Uint8Array(mirror ? mirroredPhoto(photo) : photo),
        'front',
        'front_image',
      );
      expect(a.not_measurable).toBeUndefined();
      expect(a.metrics.head_tilt_angle).toBeTypeOf('number');
      expect(a.metrics.shoulder_tilt_angle).toBeTypeOf('number');
    },
  );
});
