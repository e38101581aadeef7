// One video stream's frames: detections in, detection frames (core's DetectionFrame) out. It keeps what lasts
// between frames: face signals (blinks, yawns, drowsiness), the newest hands and emotions (those modules run
// at lower rates), and the calibrated reference with core's posture state. The vision service (server
// mode) and the browser hosts (device mode) both build frames here, so the same detections give the same
// frames; the posture rules themselves are core's.
import {
  analyseFrame,
  type Box,
  createReference,
  type DetectionFrame,
  initialPostureState,
  type PostureReference,
  type PostureState,
  REFERENCE_WINDOW_MS,
  type ReferenceProblem,
  type ReferenceSample,
  referenceFromSamples,
} from '@posture-vision/core/analysis';
import { type PostureWatch, postureWatch } from '@posture-vision/core/live/monitoring';
import { takenInGoodLight } from './exposure.ts';
import { type FaceSignals, type FaceState, initialFaceState, stepFace } from './face-signals.ts';
import type { Detection } from './normalise.ts';

const UNKNOWN_FACE: FaceSignals = {
  eye_state: 'unknown',
  mouth_state: 'unknown',
  blinking_count: 0,
  yawning_count: 0,
  drowsiness_state: false,
};

/** Between face-mesh frames the face box is the last mesh box while it is this recent (the mesh runs every
 * 100-133 ms), so a drawn box does not jump between the mesh's box and the one from the head keypoints. */
export const FACE_BOX_HOLD_MS = 500;

export class DetectionStream {
  private meshBox: { box: Box; time: number } | null = null;
  private face: FaceState = initialFaceState();
  private faceSignals: FaceSignals = UNKNOWN_FACE;
  private hands: DetectionFrame['hand'] = { poses: [], confidences: [] };
  private emotions: string[] = [];
  private reference: PostureReference | null = null;
  private posture: PostureState = initialPostureState();
  /** The newest detection turned into a frame. */
  last: Detection | null = null;
  /** The bodies of the last REFERENCE_WINDOW_MS, the calibration source (a frame without a body has none). */
  private samples: ReferenceSample[] = [];
  /** Why the last calibrate() took nothing (null after one that took a reference, or before any). */
  problem: ReferenceProblem | null = null;
  /** What monitoring watches for after the last frame (core's postureWatch): sets a passive monitor's rate and
   * how often the change gate forces a model run. */
  watch: PostureWatch = 'nobody';

  /** The frame for a detection taken at `time` (ms). Detections must come in time order. */
  frame(d: Detection, time: number): DetectionFrame {
    this.last = d;
    this.samples = this.samples.filter((s) => time - s.time <= REFERENCE_WINDOW_MS && s.time <= time);
    this.samples.push({ keypoints: d.body?.keypoints ?? [], time });
    // Face signals step only on frames the face models measured; in between the last signals hold.
    if (d.faceMeasured) {
      const step = stepFace(this.face, d.faces[0], time);
      this.face = step.state;
      this.faceSignals = step.signals;
      const box = d.faces[0]?.box;
      this.meshBox = box ? { box, time } : null;
    }
    const held = this.meshBox && time - this.meshBox.time <= FACE_BOX_HOLD_MS ? this.meshBox.box : null;
    const faceBox = d.faceMeasured ? d.faceBox : (held ?? d.faceBox);
    if (d.hands)
      this.hands = { poses: d.hands.map((h) => h.landmarks), confidences: d.hands.map((h) => h.score) };
    const emotions = d.faces[0]?.emotions;
    if (emotions?.length) this.emotions = emotions.slice(0, 3);
    const frameSize = { width: d.width, height: d.height };
    // The posture fields (body_status, temporal_posture_data, posture_verdict) are core's, the same for every
    // producer: against the reference once calibrated, else the head tilt alone.
    const analysed = analyseFrame(
      this.posture,
      { keypoints: d.body?.keypoints ?? null, time, frame: frameSize, picture: d.picture },
      this.reference,
    );
    this.posture = analysed.state;
    this.watch = postureWatch(d.body?.keypoints ?? null, this.posture, this.reference !== null);
    return {
      status: 'ok',
      hns: {
        poses: d.body ? [d.body.keypoints] : [],
        boxes: d.body ? [d.body.box] : [],
        emotions: this.emotions,
      },
      hand: this.hands,
      drowsiness: { ...this.faceSignals, boxes: faceBox ? [faceBox] : [] },
      ...analysed.posture,
      posture_watch: this.watch,
      timestamp: time,
      frame_size: frameSize,
    };
  }

  /**
   * Takes the upright reference from the last few seconds' bodies (core's referenceFromSamples: their median, when
   * they are steady and face the camera); null when they cannot give one, and `problem` says why.
   */
  calibrate(): PostureReference | null {
    const d = this.last;
    if (!d) return null;
    const frame = { width: d.width, height: d.height };
    const taken = referenceFromSamples(this.samples, frame, this.samples.at(-1)?.time ?? 0);
    if ('problem' in taken) {
      this.problem = taken.problem;
      return null;
    }
    this.problem = null;
    this.reference = createReference(taken.keypoints, frame, d.frameBrightness);
    this.posture = initialPostureState();
    return this.reference;
  }

  /** Whether the reference was taken in good light: then a frame that has gone dark since is evened out for the
   * model (the detection's FrameModules.evenOutDark, exposure.ts). No reference, or one that does not say: no. */
  get evenOutDark(): boolean {
    return takenInGoodLight(this.reference?.light);
  }

  /** Uses a reference taken elsewhere (e.g. restored calibration). */
  setReference(reference: PostureReference | null): void {
    this.reference = reference;
    this.posture = initialPostureState();
  }
}
