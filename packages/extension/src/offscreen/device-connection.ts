// Device mode in the offscreen document: the same frames as the live link, computed on this computer by
// the detector's web worker (Human on tfjs WASM, body model only: passive monitoring needs posture alone).
// No peer connection and no socket to the vision service; no image leaves the machine.
import { deviceFailedStatus } from '@posture-vision/core';
import type { PostureReference } from '@posture-vision/core/analysis';
import { profileReferenceOf, referenceFromProfile } from '@posture-vision/core/calibration';
import { startDeviceDetector } from '@posture-vision/detector/browser/client';
import DetectorWorker from '@posture-vision/detector/browser/worker?worker';
import { DEVICE_MODULES } from './device-modules';
import type { LiveConnection, LiveEvents } from './passive-monitor';

export function connectDevice(stream: MediaStream, events: LiveEvents): LiveConnection {
  const detector = startDeviceDetector({
    worker: new DetectorWorker(),
    modules: DEVICE_MODULES,
    shows: { face: false, hands: false, emotion: false },
    baseUrl: chrome.runtime.getURL('/'),
    onFrame: (frame) => events.frame(frame),
  });
  const track = stream.getVideoTracks()[0];
  // The monitor's capture rate; the track keeps it down to 1 frame/s, the detector's client below that.
  let fps = Number.POSITIVE_INFINITY;
  detector.ready.then(
    () => {
      events.connection('Connected');
      // The camera track's rate is what the monitor sets (1 frame/s good posture, 5 poor): detect its frames
      // as they come, with no <video> element decoding them for nobody to see (bench/README.md).
      if (track) detector.runTrack(track, () => fps);
    },
    (error: Error) => events.failed(deviceFailedStatus(error.message)),
  );
  return {
    peerId: 'device',
    close() {
      detector.close();
    },
    calibrate: async () => {
      const taken = await detector.calibrate();
      return taken ? profileReferenceOf(taken) : false;
    },
    setFrameRate(next) {
      fps = next;
    },
    setReference(reference) {
      // One the analysis cannot measure is none (the monitor only hands over usable ones).
      let usable: PostureReference | null = null;
      try {
        usable = reference ? referenceFromProfile(reference) : null;
      } catch {}
      detector.setReference(usable);
    },
  };
}
