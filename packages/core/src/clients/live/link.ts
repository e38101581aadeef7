// The live link: signalling socket, offering peer connection (video out), results socket (detection
// frames in), retries, auth closes and the frame watchdog.
// Browser APIs only, injectable, so it runs in a page, an MV3 offscreen document, and Node tests.
import type { ProfileReference } from '../../domain/calibration/profiles';
import type { DetectionFrame } from '../../domain/detection/frame';
import { parseDetectionFrame } from '../../domain/detection/parse';
import {
  CONNECTION_LABELS,
  type ConnectionIndicator,
  peerStateIndicator,
  WATCHDOG_INTERVAL_MS,
  watchdogIndicator,
} from '../../domain/live/connection';
import { type ProcessingErrorStep, recordProcessingError } from '../../domain/live/processing-errors';
import { type FrameQuality, frameQuality } from '../../domain/live/quality';
import { candidateMessage, type ReferenceMessage } from '../../domain/live/signalling';
import {
  FREE_TIER_CLOSE_CODE,
  INVALID_TOKEN_CLOSE_CODE,
  isAuthCloseCode,
  liveProtocols,
  SERVICE_RESTART_CLOSE_CODE,
} from '../../domain/live/socket-contract';
import {
  connectionAttemptFailed,
  LIVE_MESSAGES,
  MAX_CONNECTION_ATTEMPTS,
  RESULTS_SOCKET_DELAY_MS,
  RETRY_DELAY_MS,
} from '../../texts/live';
import { type CalibrationResult, requestCalibration, testCalibration } from './vision-http';

/** More accumulated channel or peer errors than this, once connected, reconnect. */
export const MAX_CONNECTION_ERRORS = 3;

/** The WebSocket surface the link uses (browser WebSocket and the `ws` package both fit). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocketLike;
export type PeerConnectionConstructor = new (config?: RTCConfiguration) => RTCPeerConnection;

export type LiveLinkState =
  | 'idle'
  | 'connecting'
  | 'retrying'
  | 'connected'
  | 'failed'
  | 'auth-required'
  | 'free-tier-ended'
  | 'closed'
  | 'stopped';

export interface LiveLinkEvents {
  /** A detection frame (frames with status 'waiting' are skipped), with the gap since the previous one. */
  frame: { frame: DetectionFrame; gapMs: number | null; quality: FrameQuality | null };
  /** The live tool's status line texts. */
  status: string;
  connection: { indicator: ConnectionIndicator; label: string };
  log: string;
  state: LiveLinkState;
  /** A malformed frame: the processing-error counter after it (debug turns on above 5). */
  processingError: ProcessingErrorStep & { reason: string };
}

export interface LiveLinkOptions {
  stream: MediaStream;
  /** 6-digit peer id (`randomPeerId()`). */
  peerId: string;
  /** Vision WebSocket and HTTP bases, from `resolveVisionUrls`. */
  visionWsUrl: string;
  visionHttpUrl: string;
  /** The user's access token for the sockets' subprotocol; null for anonymous (Free Tier) use. */
  getAccessToken?: () => Promise<string | null> | string | null;
  /**
   * Called once when the service closes with 4001 (invalid or expired token): a new token reconnects
   * (e.g. `() => api.auth.refresh()`); a failure or null means the user must log in.
   */
  refreshAccessToken?: () => Promise<string | null>;
  WebSocket?: WebSocketConstructor;
  RTCPeerConnection?: PeerConnectionConstructor;
  /**
   * What the client shows from the frames, sent as `?show=` (comma list of face, hands, emotion; empty for
   * posture only): the service runs the costly face, hand and emotion models only as often as that needs.
   * Omitted: the service runs face signals on every frame and hands and emotion at a low rate.
   */
  show?: string;
  /** STUN/TURN servers (`resolveIceServers`); none are needed on one host (default []). */
  iceServers?: RTCIceServer[];
  /**
   * The tool's Free Tier/Pro toggle, told to the service on connecting (and by `setTier` when it changes): the
   * service cuts anonymous Free use at 120 s, never Pro (unlimited time, a local toggle with no server-side check).
   */
  tier?: () => 'free' | 'pro';
  fetch?: typeof fetch;
  maxAttempts?: number;
  retryDelayMs?: number;
  resultsDelayMs?: number;
  /** An attempt that has not opened both sockets by then fails (default 10 s). */
  connectTimeoutMs?: number;
  watchdogIntervalMs?: number;
  now?: () => number;
}

export interface LiveLink {
  readonly peerId: string;
  readonly state: LiveLinkState;
  readonly connected: boolean;
  /** Starts connecting (attempt 1 of 3). */
  start(): void;
  /** Retry Connection: a fresh round of attempts. */
  retry(): void;
  /** Closes sockets and peer connection; the caller still owns (and stops) the camera stream. */
  stop(): void;
  on<K extends keyof LiveLinkEvents>(event: K, handler: (payload: LiveLinkEvents[K]) => void): () => void;
  calibrate(): Promise<CalibrationResult>;
  testCalibration(): ReturnType<typeof testCalibration>;
  /** Tells the service the tool's tier changed (see `LiveLinkOptions.tier`). */
  setTier(tier: 'free' | 'pro'): void;
  /**
   * The reference every frame is to be judged against from now on (the active calibration profile's), or null
   * for none: sent now when connected, and again on every reconnection (a new peer knows nothing of it).
   */
  setReference(reference: ProfileReference | null): void;
}

const referenceMessage = (reference: ProfileReference | null): ReferenceMessage => ({
  type: 'reference',
  reference,
});

interface Attempt {
  signalling: WebSocketLike | null;
  results: WebSocketLike | null;
  pc: RTCPeerConnection | null;
  timers: ReturnType<typeof setTimeout>[];
  chain: Promise<void>;
  done: boolean;
}

function messageText(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (data && typeof (data as { toString?: unknown }).toString === 'function' && !(data instanceof Blob)) {
    return String(data);
  }
  return null;
}

export function createLiveLink(options: LiveLinkOptions): LiveLink {
  const WS = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor | undefined);
  const PC = options.RTCPeerConnection ?? globalThis.RTCPeerConnection;
  const maxAttempts = options.maxAttempts ?? MAX_CONNECTION_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  const resultsDelayMs = options.resultsDelayMs ?? RESULTS_SOCKET_DELAY_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  const now = options.now ?? (() => Date.now());
  const wsBase = options.visionWsUrl.replace(/\/+$/, '');
  const show = options.show === undefined ? '' : `?show=${encodeURIComponent(options.show)}`;
  const handlers = new Map<keyof LiveLinkEvents, Set<(payload: never) => void>>();

  let state: LiveLinkState = 'idle';
  let attemptNumber = 0;
  let current: Attempt | null = null;
  /** The reference of record handed over by the host (undefined: none said yet, the service's own stands). */
  let reference: ProfileReference | null | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let watchdog: ReturnType<typeof setInterval> | null = null;
  let lastFrameAt = 0;
  let watchdogState: ConnectionIndicator = 'good';
  let connectionErrors = 0;
  let processingErrors = 0;
  let refreshedForAuth = false;

  function emit<K extends keyof LiveLinkEvents>(event: K, payload: LiveLinkEvents[K]): void {
    for (const handler of handlers.get(event) ?? []) (handler as (p: LiveLinkEvents[K]) => void)(payload);
  }
  const setState = (next: LiveLinkState) => {
    if (state === next) return;
    state = next;
    emit('state', next);
  };
  const indicate = (indicator: ConnectionIndicator) =>
    emit('connection', { indicator, label: CONNECTION_LABELS[indicator] });
  const log = (line: string) => emit('log', line);

  function stopWatchdog() {
    if (watchdog) clearInterval(watchdog);
    watchdog = null;
  }

  function startWatchdog() {
    stopWatchdog();
    lastFrameAt = now();
    watchdogState = 'good';
    watchdog = setInterval(() => {
      const indicator = watchdogIndicator(now() - lastFrameAt);
      if (indicator === watchdogState) return;
      watchdogState = indicator;
      indicate(indicator);
      if (indicator === 'error') log(LIVE_MESSAGES.connectionLost);
    }, options.watchdogIntervalMs ?? WATCHDOG_INTERVAL_MS);
  }

  /** Closes one attempt's sockets and peer connection without reporting their closes. */
  function teardown(attempt: Attempt | null) {
    if (!attempt) return;
    attempt.done = true;
    for (const timer of attempt.timers) clearTimeout(timer);
    for (const socket of [attempt.signalling, attempt.results]) {
      if (!socket) continue;
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close(1000, 'Client closed');
      } catch {
        // Already closed.
      }
    }
    if (attempt.pc) {
      attempt.pc.onicecandidate = null;
      attempt.pc.onconnectionstatechange = null;
      attempt.pc.close();
    }
    if (current === attempt) current = null;
    stopWatchdog();
  }

  function attemptFailed(attempt: Attempt) {
    if (attempt.done) return;
    teardown(attempt);
    indicate('error');
    if (attemptNumber < maxAttempts) {
      emit('status', connectionAttemptFailed(attemptNumber));
      setState('retrying');
      retryTimer = setTimeout(() => {
        retryTimer = null;
        attemptNumber += 1;
        launch();
      }, retryDelayMs);
    } else {
      emit('status', LIVE_MESSAGES.failedAfterAttempts);
      setState('failed');
    }
  }

  function connectionError(attempt: Attempt, what: string) {
    if (attempt.done) return;
    log(`${what} error`);
    if (state !== 'connected') return attemptFailed(attempt);
    emit('status', LIVE_MESSAGES.connectionError);
    connectionErrors += 1;
    if (connectionErrors > MAX_CONNECTION_ERRORS) restart();
  }

  function closed(attempt: Attempt, what: string, code: number, reason: string) {
    if (attempt.done) return;
    log(`${what} channel closed (${code})`);
    if (code === INVALID_TOKEN_CLOSE_CODE && options.refreshAccessToken && !refreshedForAuth) {
      // An expired access token: one refresh, then the same attempt again (as for any authenticated call).
      refreshedForAuth = true;
      teardown(attempt);
      log('Access token rejected: refreshing');
      void options
        .refreshAccessToken()
        .catch(() => null)
        .then((token) => {
          if (state === 'stopped') return;
          if (token) return launch();
          indicate('error');
          emit('status', LIVE_MESSAGES.loginRequired);
          setState('auth-required');
        });
      return;
    }
    if (isAuthCloseCode(code)) {
      teardown(attempt);
      indicate('error');
      emit('status', LIVE_MESSAGES.loginRequired);
      return setState('auth-required');
    }
    if (code === FREE_TIER_CLOSE_CODE) {
      teardown(attempt);
      indicate('error');
      emit('status', reason || LIVE_MESSAGES.freeTierLimit);
      return setState('free-tier-ended');
    }
    if (state !== 'connected') return attemptFailed(attempt);
    if (code === SERVICE_RESTART_CLOSE_CODE) {
      // The instance is draining: a fresh round of attempts after the retry delay, so the balancer has taken
      // it out by then; a refused attempt on the way is retried as any other.
      teardown(attempt);
      indicate('warning');
      log('Service restarting: reconnecting');
      setState('retrying');
      retryTimer = setTimeout(() => {
        retryTimer = null;
        attemptNumber = 1;
        launch();
      }, retryDelayMs);
      return;
    }
    teardown(attempt);
    indicate('error');
    emit('status', LIVE_MESSAGES.connectionClosed);
    setState('closed');
  }

  function onResult(data: unknown) {
    const parsed = parseDetectionFrame(messageText(data) ?? data);
    if (parsed.kind === 'waiting') return;
    if (parsed.kind === 'invalid') {
      const step = recordProcessingError(processingErrors);
      processingErrors = step.count;
      if (step.degraded) log(LIVE_MESSAGES.qualityDegraded);
      emit('processingError', { ...step, reason: parsed.reason });
      return;
    }
    const at = now();
    const gapMs = lastFrameAt && state === 'connected' ? at - lastFrameAt : null;
    lastFrameAt = at;
    if (watchdogState !== 'good') {
      watchdogState = 'good';
      indicate('good');
    }
    emit('frame', { frame: parsed.frame, gapMs, quality: gapMs === null ? null : frameQuality(gapMs) });
  }

  async function offer(attempt: Attempt, send: (message: unknown) => void, PC: PeerConnectionConstructor) {
    const pc = new PC({ iceServers: options.iceServers ?? [] });
    attempt.pc = pc;
    for (const track of options.stream.getTracks()) pc.addTrack(track, options.stream);
    pc.onicecandidate = (event) => {
      // An empty candidate string is the end of candidates: nothing to send.
      if (event.candidate?.candidate) send(candidateMessage(event.candidate));
    };
    pc.onconnectionstatechange = () => {
      const indicator = peerStateIndicator(pc.connectionState);
      if (indicator) indicate(indicator);
      if (pc.connectionState === 'failed') connectionError(attempt, 'Peer connection');
    };
    const description = await pc.createOffer();
    await pc.setLocalDescription(description);
    send({ type: 'offer', sdp: pc.localDescription?.sdp ?? description.sdp });
  }

  async function onSignal(attempt: Attempt, data: unknown) {
    let message: { type?: string; sdp?: string; candidate?: RTCIceCandidateInit; message?: string };
    try {
      message = JSON.parse(messageText(data) ?? '');
    } catch {
      return log('Ignored a malformed signalling message');
    }
    const pc = attempt.pc;
    if (message.type === 'answer' && pc && typeof message.sdp === 'string') {
      await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
    } else if (message.type === 'candidate' && pc && message.candidate) {
      await pc.addIceCandidate(message.candidate);
    } else if (message.type === 'error') {
      log(`Signalling error: ${message.message ?? 'unknown'}`);
      connectionError(attempt, 'Signalling');
    }
  }

  async function connect() {
    if (!WS) throw new Error('WebSocket is not available here');
    if (!PC) throw new Error('RTCPeerConnection is not available here');
    const attempt: Attempt = {
      signalling: null,
      results: null,
      pc: null,
      timers: [],
      chain: Promise.resolve(),
      done: false,
    };
    current = attempt;
    setState('connecting');
    log(`Connecting (attempt ${attemptNumber}/${maxAttempts})`);
    const token = (await options.getAccessToken?.()) ?? null;
    if (attempt.done) return;
    const protocols = liveProtocols(token);
    const open = (role: 'offer' | 'results') =>
      new WS(`${wsBase}/combined-realtime/${role}/${encodeURIComponent(options.peerId)}${show}`, protocols);

    attempt.timers.push(setTimeout(() => attemptFailed(attempt), connectTimeoutMs));
    const signalling = open('offer');
    attempt.signalling = signalling;
    const send = (message: unknown) => {
      if (!attempt.done && signalling.readyState === 1) signalling.send(JSON.stringify(message));
    };
    // Signalling messages are handled in order: a candidate must wait for the answer before it.
    const queue = (task: () => Promise<void>) => {
      attempt.chain = attempt.chain.then(task).catch((error: unknown) => {
        log(`Peer connection error: ${(error as Error).message}`);
        connectionError(attempt, 'Peer connection');
      });
    };
    signalling.onerror = () => connectionError(attempt, 'Signalling channel');
    signalling.onclose = (event) => closed(attempt, 'Signalling', event.code, event.reason);
    signalling.onmessage = (event) => queue(() => onSignal(attempt, event.data));
    signalling.onopen = () => {
      log('Signalling channel open');
      if (options.tier) send({ type: 'tier', tier: options.tier() });
      if (reference !== undefined) send(referenceMessage(reference));
      queue(() => offer(attempt, send, PC));
      attempt.timers.push(
        setTimeout(() => {
          if (attempt.done) return;
          const results = open('results');
          attempt.results = results;
          results.onerror = () => connectionError(attempt, 'Results channel');
          results.onclose = (event) => closed(attempt, 'Results', event.code, event.reason);
          results.onmessage = (event) => onResult(event.data);
          results.onopen = () => {
            for (const timer of attempt.timers) clearTimeout(timer);
            attempt.timers = [];
            connectionErrors = 0;
            refreshedForAuth = false;
            setState('connected');
            indicate('good');
            emit('status', LIVE_MESSAGES.cameraConnected);
            startWatchdog();
          };
        }, resultsDelayMs),
      );
    };
  }

  /** Runs one attempt; a link that cannot even try (no WebSocket or RTCPeerConnection) fails at once. */
  function launch() {
    void connect().catch((error: unknown) => {
      emit('status', LIVE_MESSAGES.connectionError);
      log((error as Error).message);
      setState('failed');
    });
  }

  function begin() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    teardown(current);
    attemptNumber = 1;
    processingErrors = 0;
    refreshedForAuth = false;
    launch();
  }

  function restart() {
    log('Too many connection errors: reconnecting');
    begin();
  }

  return {
    peerId: options.peerId,
    get state() {
      return state;
    },
    get connected() {
      return state === 'connected';
    },
    start() {
      if (state === 'connecting' || state === 'connected' || state === 'retrying') return;
      begin();
    },
    retry: begin,
    stop() {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      teardown(current);
      setState('stopped');
    },
    on(event, handler) {
      let set = handlers.get(event);
      if (!set) {
        set = new Set();
        handlers.set(event, set);
      }
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
    calibrate: () =>
      requestCalibration({
        httpUrl: options.visionHttpUrl,
        fetch: options.fetch,
        getAccessToken: options.getAccessToken,
        peerId: options.peerId,
        connected: state === 'connected',
      }),
    testCalibration: () =>
      testCalibration({
        httpUrl: options.visionHttpUrl,
        fetch: options.fetch,
        getAccessToken: options.getAccessToken,
        peerId: options.peerId,
      }),
    setTier(tier) {
      const signalling = current?.signalling;
      if (signalling?.readyState === 1) signalling.send(JSON.stringify({ type: 'tier', tier }));
    },
    setReference(next) {
      reference = next;
      const signalling = current?.signalling;
      if (signalling?.readyState === 1) signalling.send(JSON.stringify(referenceMessage(next)));
    },
  };
}
