// Device mode of the live tool ("Process video on this computer"): detection frames computed on this
// computer by the detector's web worker (Human on tfjs WASM with SIMD; threads only when the page is
// cross-origin isolated) from the camera video the overlay draws, fed to the same handlers as the live link
// (link-wiring.ts). No peer connection, no socket and no request to the vision service; no image leaves the
// machine. Frames are the vision service's (same detector, same core posture rules); the calibration takes
// the reference in the worker and builds the outline with core's referenceOutline, as the service does.
import {
  CALIBRATION_NONE,
  CALIBRATION_SUCCESS,
  type CalibrationResult,
  calibrationNoDataStatus,
  calibrationProblem,
  deviceFailedStatus,
  type Keypoint,
  LIVE_MESSAGES,
  REFERENCE_PROBLEM_TEXT,
  referenceOutline,
} from '@posture-vision/core';
import type { PostureReference } from '@posture-vision/core/analysis';
import { profileReferenceOf, referenceFromProfile } from '@posture-vision/core/calibration';
import { type DeviceDetector, startDeviceDetector } from '@posture-vision/detector/browser/client';
import DetectorWorker from '@posture-vision/detector/browser/worker?worker';
import type { LinkHandlers, ToolLink } from './link-wiring.ts';

/** Frames per second sampled from the camera in device mode: the live tool's detection rate (the overlay
 * itself follows the camera). 10/s keeps arrows and outline responsive while leaving the page's main thread
 * and the second core free; the worker skips frames it cannot keep up with (newest frame only). */
export const DEVICE_FPS = 10;

type Tier = 'free' | 'pro';

/** Hands and emotion are loaded and run only where the overlay shows them: in Pro. */
export const showsHands = (tier: Tier) => tier === 'pro';

export interface DeviceLinkOptions {
  /** The tool's tier now (read at start and on setTier). */
  tier: () => Tier;
  /** The video element that plays the camera stream. */
  video: HTMLVideoElement;
}

export function openDeviceLink(o: DeviceLinkOptions, h: LinkHandlers): { link: ToolLink; close(): void } {
  let hands = showsHands(o.tier());
  let reference: PostureReference | null = null;
  /** The newest frame's body keypoints, for why a calibration took nothing (null: no frame yet). */
  let lastKeypoints: Keypoint[] | null = null;
  let closed = false;
  /** Whether the tool was told the link is up (once: a restart for another tier is not a reconnect). */
  let announced = false;

  const start = (): DeviceDetector => {
    const detector = startDeviceDetector({
      worker: new DetectorWorker(),
      modules: { body: true, face: true, hands, emotion: hands },
      shows: { face: true, hands, emotion: hands },
      baseUrl: new URL(import.meta.env.BASE_URL, window.location.href).href,
      onFrame: (frame) => {
        lastKeypoints = frame.hns?.poses?.[0] ?? [];
        h.frame(frame, null);
      },
      onError: (message) => h.log(`Detection error: ${message}`),
    });
    detector.ready.then(
      ({ models, threads }) => {
        if (closed || current !== detector) return;
        h.log(`On-device models loaded: ${models.join(', ')}${threads ? ' (threads)' : ''}`);
        if (reference) detector.setReference(reference);
        detector.run(o.video, () => DEVICE_FPS);
        if (announced) return;
        announced = true;
        h.connection('good');
        h.status(LIVE_MESSAGES.cameraConnected);
        h.state('connected');
      },
      (error: Error) => {
        if (closed || current !== detector) return;
        h.log(deviceFailedStatus(error.message));
        h.state('failed');
        h.status(deviceFailedStatus(error.message));
      },
    );
    return detector;
  };
  let current = start();

  const calibrate = async (): Promise<CalibrationResult> => {
    const taken = await current.calibrate();
    if (!taken) {
      return {
        ok: false,
        status: calibrationNoDataStatus(
          current.calibrationProblem
            ? REFERENCE_PROBLEM_TEXT[current.calibrationProblem]
            : calibrationProblem(lastKeypoints),
        ),
        enableDebug: false,
      };
    }
    reference = taken;
    return {
      ok: true,
      message: CALIBRATION_SUCCESS,
      image: null,
      outline: referenceOutline(taken.keypoints, taken.frame.width, taken.frame.height),
      frameSize: { width: taken.frame.width, height: taken.frame.height },
      reference: profileReferenceOf(taken),
    };
  };

  return {
    link: {
      peerId: null,
      calibrate,
      // Test Calibration takes the reference again, as the service's calibration call does, and reports it.
      async testCalibration() {
        const result = await calibrate();
        return {
          ok: true as const,
          body: result.ok
            ? { message: CALIBRATION_SUCCESS, outline: result.outline }
            : { message: CALIBRATION_NONE, outline: [] },
        };
      },
      setReference(next) {
        // The reference of record from the page (the active profile's); one the analysis cannot measure is none.
        try {
          reference = next ? referenceFromProfile(next) : null;
        } catch {
          reference = null;
        }
        current.setReference(reference);
      },
      setTier(tier) {
        // Pro shows hands and emotion: the worker restarts with those models (the reference carries over).
        if (closed || showsHands(tier) === hands) return;
        hands = showsHands(tier);
        current.close();
        h.log(`Loading the on-device models for ${tier === 'pro' ? 'Pro' : 'the Free Tier'}`);
        current = start();
      },
    },
    close() {
      closed = true;
      current.close();
    },
  };
}
