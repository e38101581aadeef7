// Posture analysis (keypoints + calibrated reference → deviation, level, offsets, stability), shared by
// the vision service and any on-device engine so both produce the same frames.

// The frame types the analysis produces, so engines can import them from here alone.
export type * from '../detection/frame';
export * from './posture';
export * from './thresholds';
