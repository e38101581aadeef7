// The live loop: the one owner of what happens to a detection frame, for every host (the web app's live tool
// and real-time session, the extension's offscreen document). The host opens the camera and a producer (the
// vision service's peer over the live link, or the on-device detector) and feeds the producer's frames in here,
// once each; the loop has the session's monitor read each frame once (verdict → feedback, the automatic
// reference, staleness) and hands the same reading to every subscriber (the overlay, the page's posture, the
// extension's reports). Pages configure it (the session's monitor, the active profile's reference) and subscribe.
//
// The loop also keeps the reference of record for the producers: the active calibration profile's reference
// (the API holds it; this is only the cache) is handed to the producer running now and to every producer opened
// later (a reconnect, device mode, a fallback), so no host keeps its own copy. The producer judges each frame
// against it; neither the loop nor the monitor judges keypoints again.
import type { ProfileReference } from '../../domain/calibration/profiles';
import type { DetectionFrame } from '../../domain/detection/frame';
import {
  createPostureMonitor,
  type MonitorStep,
  type PostureMonitor,
  type PostureMonitorHost,
} from './monitor';

/** What produces the frames: it judges every frame against the reference it was handed last. */
export interface FrameProducer {
  /** The reference every frame is judged against from now on (null: none). */
  setReference(reference: ProfileReference | null): void;
  /** Takes the current posture as the producer's reference (the automatic reference): the reference taken,
   * true when taken without saying which, false when none was. Only a host that takes references gives it. */
  takeReference?(): Promise<ProfileReference | boolean>;
}

/** One frame as the loop read it: the frame, the monitor's step (null outside a session, for a frame skipped,
 * or while no reference is taken; always null without a session monitor) and whether the reference is stale. */
export interface LiveReading {
  frame: DetectionFrame;
  step: MonitorStep | null;
  stale: boolean;
}

/** The session a loop runs: the monitor's host, less the reference hand-over (the loop's). With
 * `takesReference` the current posture becomes the reference once someone sits in view (the extension). */
export type LiveSessionHost = Omit<PostureMonitorHost, 'setReference' | 'takeReference'> & {
  takesReference?: boolean;
};

export interface LiveLoopOptions {
  /** Without a session (the landing page's tool) frames are only shown: no verdict is sent anywhere. */
  session?: LiveSessionHost;
}

export interface LiveLoop {
  /** The session's monitor (calibration check, start, end), null without a session. */
  readonly monitor: PostureMonitor | null;
  /** The reference of record handed to producers; undefined while nobody said (the producer's own stands). */
  readonly reference: ProfileReference | null | undefined;
  /** A producer started: it is handed the reference of record (when there is one) and takes the automatic
   * reference. Answers the function that lets it go (a closed link). */
  attach(producer: FrameProducer): () => void;
  /** A frame from the producer: read once, the reading handed to every subscriber and answered. */
  frame(frame: DetectionFrame): LiveReading;
  /** Judge against this calibration profile's reference from now on (switching profile switches it; null: a
   * profile not calibrated yet). Without a session it is handed over as it is. False when it is unusable. */
  adoptReference(reference: ProfileReference | null): boolean;
  /** Calibrate Posture took a new reference on the producer: it (else the newest body seen) becomes the
   * reference of record, and the session's host is told (to store it in the active profile). Answers it, null
   * when there is none to keep or no session. */
  referenceTaken(taken: ProfileReference | null): ProfileReference | null;
  /** Every frame's reading, in the order frames came. */
  onFrame(listener: (reading: LiveReading) => void): () => void;
  /** Every change of the reference of record (the overlay draws its outline). */
  onReference(listener: (reference: ProfileReference | null) => void): () => void;
}

/** A loop that runs a session: its monitor is there. */
export interface SessionLoop extends LiveLoop {
  readonly monitor: PostureMonitor;
}

export function createLiveLoop(options: { session: LiveSessionHost }): SessionLoop;
export function createLiveLoop(options?: LiveLoopOptions): LiveLoop;
export function createLiveLoop(options: LiveLoopOptions = {}): LiveLoop {
  let producer: FrameProducer | null = null;
  let reference: ProfileReference | null | undefined;
  const frameListeners = new Set<(reading: LiveReading) => void>();
  const referenceListeners = new Set<(reference: ProfileReference | null) => void>();

  function handOver(next: ProfileReference | null): void {
    reference = next;
    producer?.setReference(next);
    for (const listener of referenceListeners) listener(next);
  }

  const session = options.session;
  let monitor: PostureMonitor | null = null;
  if (session) {
    const { takesReference, ...host } = session;
    monitor = createPostureMonitor({
      ...host,
      setReference: handOver,
      ...(takesReference
        ? { takeReference: async () => (producer?.takeReference ? await producer.takeReference() : false) }
        : {}),
    });
  }

  return {
    monitor,
    get reference() {
      return reference;
    },
    attach(next) {
      producer = next;
      if (reference !== undefined) next.setReference(reference);
      return () => {
        if (producer === next) producer = null;
      };
    },
    frame(frame) {
      const step = monitor ? monitor.frame(frame) : null;
      const reading: LiveReading = { frame, step, stale: monitor?.stale ?? false };
      for (const listener of frameListeners) listener(reading);
      return reading;
    },
    adoptReference(next) {
      if (monitor) return monitor.adoptReference(next);
      handOver(next);
      return next !== null;
    },
    referenceTaken(taken) {
      if (!monitor) return null;
      const kept = taken ?? monitor.referenceFromLastFrame();
      if (kept) monitor.adoptReference(kept);
      session?.onReferenceTaken?.(kept);
      return kept;
    },
    onFrame(listener) {
      frameListeners.add(listener);
      return () => {
        frameListeners.delete(listener);
      };
    },
    onReference(listener) {
      referenceListeners.add(listener);
      return () => {
        referenceListeners.delete(listener);
      };
    },
  };
}
