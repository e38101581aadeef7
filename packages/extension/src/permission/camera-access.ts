// Asking for the camera from a visible extension page: the offscreen document cannot show the prompt,
// but it uses the permission granted here (same extension origin).
export type CameraOutcome = { granted: true } | { granted: false; reason: 'denied' | 'missing' };

export async function requestCamera(media: MediaDevices = navigator.mediaDevices): Promise<CameraOutcome> {
  try {
    const stream = await media.getUserMedia({ video: true });
    for (const track of stream.getTracks()) track.stop();
    return { granted: true };
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    return {
      granted: false,
      reason: name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied',
    };
  }
}
