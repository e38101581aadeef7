// Posture analysis (keypoints + calibrated reference → deviation, level, offsets, stability), shared by
// the vision service and any on-device engine so both produce the same frames.
export * from './posture';
export * from './thresholds';
