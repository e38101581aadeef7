// One detection: pixels in, a normalised Detection out, running only the modules asked for. The host gives
// it a loaded Human instance (Node worker thread, web worker or offscreen document alike).
import type { Human } from '@vladmandic/human';
import { forTheModel } from './exposure.ts';
import type { RgbImage } from './image.ts';
import { type Detection, faceBoxFromBody, toDetection } from './normalise.ts';
import type { PhotoBody } from './photo-body.ts';
import { pictureQuality } from './picture.ts';

export interface FrameModules {
  body: boolean;
  /** Face mesh and iris (eye and mouth openness, pitch) and the model's face box. */
  face: boolean;
  hands: boolean;
  emotion: boolean;
  /** Faces to look for; photo analysis asks for several to refuse group photos. */
  maxFaces?: number;
  /**
   * The video stream this frame belongs to. Consecutive face frames of the same stream let the face mesh
   * follow the face instead of running BlazeFace each time (see models.ts); photos and a stream whose
   * previous face frame ran elsewhere get a fresh face search. Null for single images.
   */
  stream?: string | null;
  /**
   * The body from the photo model (photo-body.ts: MoveNet Thunder) instead of Human's MoveNet Lightning: the
   * photo analysis' measuring look. Only hosts that loaded it can ask (the vision service's workers).
   */
  photoBody?: boolean;
  /**
   * Every person in the picture, from the photo people model (photo-body.ts: MoveNet MultiPose), as `people`;
   * alone, like photoBody: the photo analysis counts the people of a photo once.
   */
  people?: boolean;
  /**
   * The stream's reference was taken in good light (DetectionStream.evenOutDark): a frame gone dark since is evened
   * out before the models look (exposure.ts). Absent: every frame as it is.
   */
  evenOutDark?: boolean;
}

/** Human compares consecutive inputs and allows its trackers only below this difference; the detector
 * decides by stream instead, so it is either 0 (never) or above any possible difference (always). */
const ALWAYS_ALLOW = 1e9;

export interface Detector {
  detect(image: RgbImage, modules: FrameModules): Promise<Detection>;
  readonly human: Human;
}

export function createDetector(human: Human, photoBody?: PhotoBody): Detector {
  /** The stream whose face the mesh tracked last in this Human instance (its face cache is per instance). */
  let tracked: string | null = null;
  return {
    human,
    async detect(image, m) {
      if (m.photoBody || m.people) return measure(image, m);
      const follow = m.face && !!m.stream && m.stream === tracked;
      if (m.face || m.emotion) tracked = m.face && m.stream ? m.stream : null;
      // Only a body look needs the frame's light: the rule of exposure.ts, and the reference's light.
      const { seen, brightness, fix } = m.body
        ? forTheModel(image, m.evenOutDark === true)
        : { seen: image, brightness: undefined, fix: null };
      const input = human.tf.tensor3d(seen.data, [seen.height, seen.width, 3], 'int32');
      try {
        const result = await human.detect(input as never, {
          cacheSensitivity: follow ? ALWAYS_ALLOW : 0,
          body: { enabled: m.body },
          hand: { enabled: m.hands },
          face: {
            enabled: m.face || m.emotion,
            detector: { maxDetected: m.maxFaces ?? 1 },
            mesh: { enabled: m.face },
            iris: { enabled: m.face },
            emotion: { enabled: m.emotion },
          },
        });
        const detection = toDetection(result, image.width, image.height, m);
        if (!m.body) return detection;
        // The picture is judged by what the model saw, and a dark one evened out says so: still too dark to be seen
        // well. A veiled one stretched is as clear as it now reads.
        const picture = pictureQuality(seen, detection.body?.box ?? null);
        return {
          ...detection,
          picture: fix === 'dark' ? { ...picture, evenedOut: true } : picture,
          frameBrightness: brightness,
        };
      } finally {
        human.tf.dispose(input);
      }
    },
  };

  /** The photo model's body, or the people the photo people model finds; Human's face, hand and emotion models
   * are not run with them (photo analysis asks for those on its first look). */
  async function measure(image: RgbImage, m: FrameModules): Promise<Detection> {
    if (!photoBody) throw new Error('this detector has no photo body model loaded');
    if (m.face || m.hands || m.emotion) throw new Error('the photo body model runs alone');
    const started = performance.now();
    if (m.people) {
      const people = await photoBody.people(image);
      return {
        width: image.width,
        height: image.height,
        body: people[0] ?? null,
        people,
        faces: [],
        faceMeasured: false,
        faceBox: null,
        hands: null,
        timings: { people: performance.now() - started },
      };
    }
    const body = await photoBody.detect(image);
    return {
      width: image.width,
      height: image.height,
      body,
      faces: [],
      faceMeasured: false,
      faceBox: faceBoxFromBody(body.keypoints),
      hands: null,
      timings: { body: performance.now() - started },
    };
  }
}
