// The live tool's camera: ideal 640x480 at 15 fps, at most 20, no audio; shown in
// the tool's video element and released with it.

export const LIVE_CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15, max: 20 } },
  audio: false,
};

/** Opens the camera and plays it in the video element (when there is one). Rejects as getUserMedia does. */
export async function openLiveCamera(
  video: HTMLVideoElement | null,
  media: Pick<MediaDevices, 'getUserMedia'> = navigator.mediaDevices,
): Promise<MediaStream> {
  const stream = await media.getUserMedia(LIVE_CAMERA_CONSTRAINTS);
  if (video) {
    video.srcObject = stream;
    await video.play().catch(() => undefined);
  }
  return stream;
}

/** Stops every track and detaches the stream from the video element. */
export function releaseLiveCamera(stream: MediaStream | null, video: HTMLVideoElement | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
  if (video) video.srcObject = null;
}
