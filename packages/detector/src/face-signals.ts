// Face signals over time for one peer: eye state and blinks, mouth state and yawns, drowsiness.
// Thresholds and why:
// - Eyes: eye aspect ratio below 0.18 is closed, above 0.22 open again (hysteresis against flicker; open
//   eyes measure 0.25-0.35 on the face mesh, closed ones under 0.15).
// - Blink: a closure shorter than 1 s; a longer one is not a blink but closed eyes.
// - Mouth: aspect ratio above 0.35 is open (speech opens it 0.1-0.3).
// - Yawn: the mouth wide open (above 0.6) for at least 1.5 s, counted once per opening.
// - Drowsiness: eyes closed for 1.5 s or longer, or the head pitched down more than 0.35 rad (20°) for 2 s.
import type { FaceDetection } from './normalise.ts';

export const FACE_THRESHOLDS = {
  eyeClosed: 0.18,
  eyeOpen: 0.22,
  blinkMaxMs: 1000,
  mouthOpen: 0.35,
  yawnOpen: 0.6,
  yawnMinMs: 1500,
  drowsyEyesMs: 1500,
  headDownRad: 0.35,
  drowsyHeadMs: 2000,
} as const;

export interface FaceState {
  eyesClosed: boolean;
  eyesClosedSince: number | null;
  blinks: number;
  yawnSince: number | null;
  yawnCounted: boolean;
  yawns: number;
  headDownSince: number | null;
  mouthOpen: boolean;
}

export function initialFaceState(): FaceState {
  return {
    eyesClosed: false,
    eyesClosedSince: null,
    blinks: 0,
    yawnSince: null,
    yawnCounted: false,
    yawns: 0,
    headDownSince: null,
    mouthOpen: false,
  };
}

export interface FaceSignals {
  eye_state: 'open' | 'closed' | 'unknown';
  mouth_state: 'open' | 'closed' | 'unknown';
  blinking_count: number;
  yawning_count: number;
  drowsiness_state: boolean;
}

const T = FACE_THRESHOLDS;

export function stepFace(
  s: FaceState,
  face: FaceDetection | undefined,
  time: number,
): { state: FaceState; signals: FaceSignals } {
  if (!face || face.eyeOpenness === null || face.mouthOpenness === null) {
    const state = { ...s, eyesClosed: false, eyesClosedSince: null, yawnSince: null, headDownSince: null };
    return {
      state,
      signals: {
        eye_state: 'unknown',
        mouth_state: 'unknown',
        blinking_count: s.blinks,
        yawning_count: s.yawns,
        drowsiness_state: false,
      },
    };
  }
  const st = { ...s };
  const ear = face.eyeOpenness;
  if (!st.eyesClosed && ear < T.eyeClosed) {
    st.eyesClosed = true;
    st.eyesClosedSince = time;
  } else if (st.eyesClosed && ear > T.eyeOpen) {
    if (st.eyesClosedSince !== null && time - st.eyesClosedSince < T.blinkMaxMs) st.blinks += 1;
    st.eyesClosed = false;
    st.eyesClosedSince = null;
  }
  const mar = face.mouthOpenness;
  st.mouthOpen = mar > T.mouthOpen;
  if (mar > T.yawnOpen) {
    st.yawnSince ??= time;
    if (!st.yawnCounted && time - st.yawnSince >= T.yawnMinMs) {
      st.yawns += 1;
      st.yawnCounted = true;
    }
  } else {
    st.yawnSince = null;
    st.yawnCounted = false;
  }
  st.headDownSince = face.pitch !== null && face.pitch > T.headDownRad ? (st.headDownSince ?? time) : null;
  const drowsy =
    (st.eyesClosedSince !== null && time - st.eyesClosedSince >= T.drowsyEyesMs) ||
    (st.headDownSince !== null && time - st.headDownSince >= T.drowsyHeadMs);
  return {
    state: st,
    signals: {
      eye_state: st.eyesClosed ? 'closed' : 'open',
      mouth_state: st.mouthOpen ? 'open' : 'closed',
      blinking_count: st.blinks,
      yawning_count: st.yawns,
      drowsiness_state: drowsy,
    },
  };
}
