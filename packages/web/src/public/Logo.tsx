// The mark is shared with the extension (@posture-vision/ui).
export { Logo } from '@posture-vision/ui';
