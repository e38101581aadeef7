// @posture-vision/detector: from an RGB or I420 image to the parts of a detection frame
// (Human configuration and model set, COCO-17 keypoints, hands, face signals, emotions), with no Node or
// browser API inside: hosts hand it a loaded Human instance and pixels. Posture analysis is core's.
export * from './detector.ts';
export * from './exposure.ts';
export * from './face-signals.ts';
export * from './frame-pixels.ts';
export * from './gate.ts';
export * from './image.ts';
export * from './input-size.ts';
export * from './models.ts';
export * from './normalise.ts';
export * from './photo-body.ts';
export * from './schedule.ts';
export * from './stream.ts';
