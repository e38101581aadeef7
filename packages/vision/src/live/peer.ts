// One live peer: the answering WebRTC connection, the newest decoded frame, the inference loop and the
// per-peer analysis state (calibration reference, posture and face trackers). Only the newest frame is
// kept: a frame that arrives while inference runs replaces the waiting one, so nothing queues.

import type { DetectionFrame } from '@posture-vision/core/analysis';
import {
  analyseFrame,
  createReference,
  initialPostureState,
  isUsableKeypoint,
  MIN_TRACKED,
  type PostureReference,
  type PostureState,
  TRACKED,
} from '@posture-vision/core/analysis';
import { answerOffer, candidateMessage, type IceServer } from '@posture-vision/core/live';
import wrtc from '@roamhq/wrtc';
import type { Detection } from '../engine/detect.ts';
import type { EnginePool } from '../engine/pool.ts';
import { CALIBRATION_PROBLEMS } from './calibration.ts';
import { type FaceState, initialFaceState, stepFace } from './face-signals.ts';

/** Hands and emotions cost 2-4 times the body model; they run on every third processed frame. */
export const SLOW_MODULE_EVERY = 3;
/** Frames of one peer in inference at once (see loop). */
export const MAX_IN_FLIGHT = 2;

export interface I420Frame {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Signal {
  type: string;
  sdp?: string;
  candidate?: { candidate: string; sdpMLineIndex?: number | null; sdpMid?: string | null };
}

type Send = (message: string) => void;

export interface PeerStats {
  framesReceived: number;
  framesProcessed: number;
  /** Receipt of the processed frame to its detection frame being sent, ms. */
  latencies: number[];
}

export class Peer {
  private pc: RTCPeerConnectionLike | null = null;
  private sink: { stop(): void; onframe: unknown } | null = null;
  private newest: (I420Frame & { receivedAt: number }) | null = null;
  private wake: (() => void) | null = null;
  private closed = false;
  private inFlight = 0;
  private nextSeq = 0;
  private nextToSend = 0;
  private readonly done = new Map<
    number,
    { detection: Detection; frame: I420Frame; receivedAt: number } | null
  >();
  private last: { detection: Detection; frame: I420Frame } | null = null;
  private reference: PostureReference | null = null;
  private posture: PostureState = initialPostureState();
  private face: FaceState = initialFaceState();
  private hands: DetectionFrame['hand'] = { poses: [], confidences: [] };
  private emotions: string[] = [];
  readonly results = new Set<Send>();
  readonly stats: PeerStats = { framesReceived: 0, framesProcessed: 0, latencies: [] };
  signal: Send | null = null;

  constructor(
    readonly id: string,
    readonly owner: string | null,
    private readonly pool: EnginePool,
    /** STUN/TURN servers (VISION_ICE_SERVERS); none on one host or a LAN. */
    private readonly iceServers: IceServer[] = [],
  ) {
    void this.loop();
  }

  /** Handles one signalling message from the browser (the offering peer). */
  async handleSignal(message: Signal): Promise<void> {
    if (message.type === 'offer') {
      if (typeof message.sdp !== 'string') throw new Error('offer without sdp');
      this.closePeerConnection();
      const pc = new wrtc.RTCPeerConnection({
        iceServers: this.iceServers,
      }) as unknown as RTCPeerConnectionLike;
      this.pc = pc;
      pc.onicecandidate = ({ candidate }) => {
        const message = candidateMessage(candidate);
        if (message && this.pc === pc) this.signal?.(JSON.stringify(message));
      };
      pc.ontrack = ({ track }) => {
        if (track.kind !== 'video' || this.pc !== pc) return;
        this.sink?.stop();
        const sink = new wrtc.nonstandard.RTCVideoSink(track as never);
        sink.onframe = ({ frame }: { frame: I420Frame }) => this.onFrame(frame);
        this.sink = sink as never;
      };
      const answer = await answerOffer(pc, message.sdp);
      this.signal?.(JSON.stringify(answer));
    } else if (message.type === 'candidate') {
      if (!this.pc) throw new Error('candidate before offer');
      const c = message.candidate;
      if (!c || typeof c.candidate !== 'string') throw new Error('candidate without candidate');
      if (c.candidate) await this.pc.addIceCandidate(c);
    } else {
      throw new Error(`unknown signal type '${String(message.type)}'`);
    }
  }

  private onFrame(frame: I420Frame): void {
    this.stats.framesReceived++;
    // Copy: the sink may reuse its buffer, and the copy is transferred to a worker.
    this.newest = {
      width: frame.width,
      height: frame.height,
      data: new Uint8Array(frame.data),
      receivedAt: Date.now(),
    };
    this.wake?.();
  }

  /** No frame waiting and none in inference. */
  get idle(): boolean {
    return !this.newest && this.inFlight === 0;
  }

  /** Test hook and benchmark entry: feed a decoded frame as if it came from the video track. */
  pushFrame(frame: I420Frame): void {
    this.onFrame(frame);
  }

  private async loop(): Promise<void> {
    while (!this.closed) {
      const frame = this.newest;
      // A second frame goes into inference only while a worker is idle: one peer may use two cores of a
      // quiet service, but never takes a worker that another peer's frame is waiting for.
      const start =
        frame && (this.inFlight === 0 || (this.inFlight < MAX_IN_FLIGHT && this.pool.idleWorkers > 0));
      if (!start) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
        continue;
      }
      this.newest = null;
      this.infer(frame);
    }
  }

  private infer(frame: I420Frame & { receivedAt: number }): void {
    const seq = this.nextSeq++;
    this.inFlight++;
    const slow = seq % SLOW_MODULE_EVERY === 0;
    const kept: I420Frame = { width: frame.width, height: frame.height, data: frame.data.slice() };
    this.pool
      .run({
        kind: 'i420',
        data: frame.data,
        width: frame.width,
        height: frame.height,
        modules: { body: true, face: true, hands: slow, emotion: slow, maxFaces: 1 },
      })
      .then(
        (detection) => this.done.set(seq, { detection, frame: kept, receivedAt: frame.receivedAt }),
        // The frame is dropped (the worker died or the engine closed); the next one is tried.
        () => this.done.set(seq, null),
      )
      .finally(() => {
        this.inFlight--;
        this.flush();
        this.wake?.();
      });
  }

  /** Sends finished frames in the order they arrived, so the posture and face trackers see time forward. */
  private flush(): void {
    while (this.done.has(this.nextToSend)) {
      const result = this.done.get(this.nextToSend);
      this.done.delete(this.nextToSend);
      this.nextToSend++;
      if (!result || this.closed) continue;
      this.last = { detection: result.detection, frame: result.frame };
      const text = JSON.stringify(this.toFrame(result.detection, Date.now()));
      for (const send of this.results) send(text);
      this.stats.framesProcessed++;
      this.stats.latencies.push(Date.now() - result.receivedAt);
      if (this.stats.latencies.length > 1000) this.stats.latencies.shift();
    }
  }

  private toFrame(d: Detection, time: number): DetectionFrame {
    const frameSize = { width: d.width, height: d.height };
    const face = d.faces[0];
    const faceStep = stepFace(this.face, face, time);
    this.face = faceStep.state;
    if (d.hands)
      this.hands = { poses: d.hands.map((h) => h.landmarks), confidences: d.hands.map((h) => h.score) };
    if (face?.emotions.length) this.emotions = face.emotions.slice(0, 3);
    // The posture fields are core's: against the reference once calibrated, else the head tilt alone.
    const analysed = analyseFrame(
      this.posture,
      { keypoints: d.body?.keypoints ?? null, time, frame: frameSize },
      this.reference,
    );
    this.posture = analysed.state;
    return {
      status: 'ok',
      hns: {
        poses: d.body ? [d.body.keypoints] : [],
        boxes: d.body ? [d.body.box] : [],
        emotions: this.emotions,
      },
      hand: this.hands,
      drowsiness: { ...faceStep.signals, boxes: face ? [face.box] : [] },
      ...analysed.posture,
      timestamp: time,
      frame_size: frameSize,
    };
  }

  /** Takes the latest processed frame as the upright reference; null when there is none to take. */
  calibrate(): { reference: PostureReference; frame: I420Frame } | null {
    if (!this.last?.detection.body) return null;
    const d = this.last.detection;
    try {
      this.reference = createReference(d.body?.keypoints ?? [], { width: d.width, height: d.height });
    } catch {
      return null;
    }
    this.posture = initialPostureState();
    return { reference: this.reference, frame: this.last.frame };
  }

  /**
   * Why calibrate() took nothing, in words the live tool shows after 'Calibration failed - no data captured: '.
   * No frame yet; a frame without a body; or a body whose head and shoulders could not all be placed.
   */
  calibrationProblem(): string {
    if (!this.last) return CALIBRATION_PROBLEMS.noVideo;
    // The pose model answers a "body" of low-score guesses even for an empty room: fewer than core's
    // MIN_TRACKED usable head-and-shoulder keypoints is nobody; enough of them without both shoulders is partial.
    const keypoints = this.last.detection.body?.keypoints ?? [];
    const seen = TRACKED.filter((i) => isUsableKeypoint(keypoints[i]));
    return seen.length < MIN_TRACKED ? CALIBRATION_PROBLEMS.nobody : CALIBRATION_PROBLEMS.partial;
  }

  private closePeerConnection(): void {
    this.sink?.stop();
    this.sink = null;
    this.pc?.close();
    this.pc = null;
  }

  close(): void {
    this.closed = true;
    this.closePeerConnection();
    this.wake?.();
    this.results.clear();
    this.signal = null;
  }
}

/** The part of wrtc's RTCPeerConnection used here (its types lean on the DOM library). */
interface RTCPeerConnectionLike {
  onicecandidate:
    | ((e: {
        candidate: { candidate: string; sdpMLineIndex: number | null; sdpMid: string | null } | null;
      }) => void)
    | null;
  ontrack: ((e: { track: { kind: string } }) => void) | null;
  localDescription: { sdp: string } | null;
  setRemoteDescription(d: { type: 'offer'; sdp: string }): Promise<void>;
  createAnswer(): Promise<{ type: 'answer'; sdp: string }>;
  setLocalDescription(d: { type?: string; sdp?: string }): Promise<void>;
  addIceCandidate(c: {
    candidate: string;
    sdpMLineIndex?: number | null;
    sdpMid?: string | null;
  }): Promise<void>;
  close(): void;
}
