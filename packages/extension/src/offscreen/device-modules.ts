// What device-mode passive monitoring loads and runs (read by the build, to ship only these models): posture
// needs the body keypoints alone.
export const DEVICE_MODULES = { body: true, face: false, hands: false, emotion: false } as const;
