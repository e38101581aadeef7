// One live peer: the answering WebRTC connection, the newest decoded frame, the inference loop and the
// per-peer detection stream (the detector's: module schedule, face signals, calibration reference and core's
// posture analysis). Only the newest frame is kept: a frame that arrives while inference runs replaces the
// waiting one, so nothing queues. A posture-only peer (passive monitoring) is thinned to the rate its posture asks
// for and gated: the model runs only when the picture moved or its last run is due again, and otherwise the last
// detection stands for the frame (core live/monitoring).
import type { PostureReference } from '@posture-vision/core/analysis';
import {
  answerOffer,
  calibrationProblem,
  candidateMessage,
  type IceServer,
  REFERENCE_PROBLEM_TEXT,
} from '@posture-vision/core/live';
import {
  frameDue,
  type LumaGrid,
  lumaGrid,
  MONITOR_RATES,
  type MonitorRates,
  yPlane,
} from '@posture-vision/core/live/monitoring';
import {
  createSchedule,
  type Detection,
  DetectionStream,
  gatesFrames,
  ModelGate,
  ratesFor,
  type Schedule,
  type Shows,
} from '@posture-vision/detector';
import wrtc from '@roamhq/wrtc';
import type { EnginePool } from '../engine/pool.ts';

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
  /** Frames replaced by a newer one before inference could start (the service was busy). */
  framesReplaced: number;
  /** Receipt of the processed frame to its detection frame being sent, ms. */
  latencies: number[];
  /** Frames the model ran on; the others processed had the last detection stand (the change gate). */
  modelRuns: number;
  /** Frames of a posture-only peer dropped because they came faster than its posture's rate. */
  framesThinned: number;
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
  private lastFrame: I420Frame | null = null;
  /** True once this peer took a reference itself (a restored one must not replace it). */
  private calibratedHere = false;
  private readonly stream = new DetectionStream();
  private schedule: Schedule;
  /** The change gate of a posture-only peer, null otherwise (see setShows). */
  private gate: ModelGate | null;
  /** When the last frame was taken at the posture's rate (posture-only peers). */
  private takenAt: number | null = null;
  private readonly now: () => number;
  /** Monitoring's capture rates and forced model runs (core's). */
  private readonly monitorRates: MonitorRates;
  private readonly gating: boolean;
  readonly results = new Set<Send>();
  readonly stats: PeerStats = {
    framesReceived: 0,
    framesProcessed: 0,
    framesReplaced: 0,
    latencies: [],
    modelRuns: 0,
    framesThinned: 0,
  };
  signal: Send | null = null;

  /** `shows`: what the client shows from the frames (null: it did not say; hands and emotion then run at a
   * low rate). */
  constructor(
    readonly id: string,
    readonly owner: string | null,
    private readonly pool: EnginePool,
    shows: Shows | null = null,
    /** STUN/TURN servers (VISION_ICE_SERVERS); none on one host or a LAN. */
    private readonly iceServers: IceServer[] = [],
    /** Frames of this peer in inference at once (benchmark hook; see MAX_IN_FLIGHT). */
    private readonly maxInFlight = MAX_IN_FLIGHT,
    /** Benchmark hooks: `now`, the clock in ms (an hour replayed on a virtual clock); `gate: false`, a
     * posture-only peer as before the change gate (every frame to the model, no thinning); `rates`, monitoring's
     * rates other than core's (a setting compared). */
    hooks: { now?: () => number; gate?: boolean; rates?: MonitorRates } = {},
  ) {
    this.now = hooks.now ?? Date.now;
    this.gating = hooks.gate ?? true;
    this.monitorRates = hooks.rates ?? MONITOR_RATES;
    this.schedule = createSchedule(ratesFor(shows), id);
    this.gate = this.gating && gatesFrames(shows) ? new ModelGate(this.monitorRates) : null;
    void this.loop();
  }

  /** How often face, hands and emotion run for this peer (what its client shows). */
  get rates() {
    return this.schedule.rates;
  }

  /** A client says (again) what it shows; the module rates follow from the next frame on. */
  setShows(shows: Shows | null): void {
    this.schedule = createSchedule(ratesFor(shows), this.id);
    if (!this.gating || !gatesFrames(shows)) this.gate = null;
    else this.gate ??= new ModelGate(this.monitorRates);
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
    const receivedAt = this.now();
    // A posture-only peer takes frames at the rate its posture asks for (a client may send faster).
    if (this.gate) {
      if (!frameDue(this.takenAt, receivedAt, this.stream.watch, this.monitorRates)) {
        this.stats.framesThinned++;
        return;
      }
      this.takenAt = receivedAt;
    }
    if (this.newest) this.stats.framesReplaced++;
    // Copy: the sink may reuse its buffer, and the copy is transferred to a worker.
    this.newest = { width: frame.width, height: frame.height, data: new Uint8Array(frame.data), receivedAt };
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
      // A gated frame waits for the frame in inference: the gate compares with the model's last frame.
      const start =
        frame &&
        (this.inFlight === 0 ||
          (!this.gate && this.inFlight < this.maxInFlight && this.pool.idleWorkers > 0));
      if (!start) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
        continue;
      }
      this.newest = null;
      const grid = this.gate ? lumaGrid(yPlane(frame.data, frame.width, frame.height)) : null;
      const held = this.gate && grid ? this.gate.check(grid, frame.receivedAt, this.stream.watch) : null;
      if (held) {
        // Nothing moved: the model's last detection stands for this frame, sent in order like any other.
        this.done.set(this.nextSeq++, { detection: held, frame, receivedAt: frame.receivedAt });
        this.flush();
      } else this.infer(frame, grid);
    }
  }

  private infer(frame: I420Frame & { receivedAt: number }, grid: LumaGrid | null): void {
    const seq = this.nextSeq++;
    this.inFlight++;
    this.stats.modelRuns++;
    const kept: I420Frame = { width: frame.width, height: frame.height, data: frame.data.slice() };
    this.pool
      .run({
        kind: 'i420',
        data: frame.data,
        width: frame.width,
        height: frame.height,
        modules: { ...this.schedule.next(frame.receivedAt), evenOutDark: this.stream.evenOutDark },
      })
      .then(
        (detection) => {
          if (grid) this.gate?.ran(grid, frame.receivedAt, detection);
          this.done.set(seq, { detection, frame: kept, receivedAt: frame.receivedAt });
        },
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
      this.lastFrame = result.frame;
      const text = JSON.stringify(this.stream.frame(result.detection, this.now()));
      for (const send of this.results) send(text);
      this.stats.framesProcessed++;
      this.stats.latencies.push(this.now() - result.receivedAt);
      if (this.stats.latencies.length > 1000) this.stats.latencies.shift();
    }
  }

  /** Takes the upright reference from the last few seconds' frames (the stream's calibrate); null when they
   * cannot give one (calibrationProblem says why). */
  calibrate(): { reference: PostureReference; frame: I420Frame } | null {
    const reference = this.stream.calibrate();
    if (!reference || !this.lastFrame) return null;
    this.calibratedHere = true;
    return { reference, frame: this.lastFrame };
  }

  /** Judges every frame against the client's reference of record (its active calibration profile's) from
   * now on, or against none (null); it counts as this peer's own calibration, so an older kept one does not
   * replace it. */
  setReference(reference: PostureReference | null): void {
    if (this.closed) return;
    this.calibratedHere = true;
    this.stream.setReference(reference);
  }

  /** Uses a reference this peer id was calibrated with earlier (on this or another instance, before a drain),
   * unless it has been calibrated since it started here. */
  restoreReference(reference: PostureReference): void {
    if (this.calibratedHere || this.closed) return;
    this.stream.setReference(reference);
  }

  /**
   * Why calibrate() took nothing, in words the live tool shows after 'Calibration failed - no data captured: '.
   * No frame yet; else the reason the reference's frames gave (nobody, partial, side on, head turned, moving).
   */
  calibrationProblem(): string {
    const last = this.stream.last;
    if (last && this.stream.problem) return REFERENCE_PROBLEM_TEXT[this.stream.problem];
    return calibrationProblem(last ? (last.body?.keypoints ?? []) : null, last ?? undefined);
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
