// /dashboard/real-time-session: a session with the live feed,
// posture feedback on every posture update, then the report. The page configures core's live loop with its
// session (calibration check, session start and end, verdict → feedback with the heartbeat, the active
// profile's reference) and hands it to the live tool, which feeds it every frame once; the page subscribes to
// the loop's readings and the camera's streaming, and renders and logs.
import {
  type Calibration,
  type CalibrationProfile,
  createLiveLoop,
  envelopeMessage,
  failureText,
  formatSessionTimer,
  mentionsCalibration,
  type PostureVerdict,
  postureStatusText,
  SESSION_MESSAGES,
  SESSION_OWNER_CHANNEL,
  type SessionLoss,
  type SessionMode,
  type SessionOwnerMessage,
  type SessionReport,
  savedReferenceProblem,
  sessionLoss,
  UNJUDGED_TEXTS,
  type UnjudgedReason,
} from '@posture-vision/core';
import { ActionNotice, Button, StaleCalibrationNotice, StatusPill } from '@posture-vision/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ProfileChooser } from '../calibration/ProfileChooser';
import LiveTool from '../live/LiveTool.tsx';
import { useLiveController } from '../live/use-live-controller.ts';
import { api } from '../services/api';
import { debugRequested } from '../ui/debug-flag';
import { toast } from '../ui/toast-store';
import { appendLog, defaultSessionMode, USER_SETTINGS_KEY } from './rules/session-page.ts';
import { SessionReportSummary } from './SessionReportSummary';
import './sessions.css';

/** Why the active profile's saved reference is not used, and the page's way to a new one. */
const refusedText = (reason: string) =>
  SESSION_MESSAGES.savedReferenceRefused(reason, SESSION_MESSAGES.recalibrateWhenRunning);

/** The page's control that starts a session and the camera with it; the live tool's prompt names it. */
const START_SESSION = 'Start Session';

type Phase = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped';

/** A session of this user still running on the API (GET /sessions/active): after a reload, or from another tab. */
interface RunningSession {
  id: string;
  mode: SessionMode;
  startTime: string;
}

/** Whole seconds since the session's start: the timer follows the session, not the page (a resumed session's
 * timer goes on from its start). */
const secondsSince = (startedAt: Date) => Math.max(0, Math.floor((Date.now() - startedAt.getTime()) / 1000));

/** A refused call in the server's words (core failureText), any other failure by its own message. */
function message(error: unknown): string {
  return failureText(error);
}

const NEUTRAL: Pick<PostureVerdict, 'status' | 'issue'> = { status: 'neutral', issue: null };

/** This tab, among the app's tabs that may run a session (domain/sessions/session-owner.ts). */
const newTabId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

/** Why this tab stopped a session it ran: another tab's word (session-owner.ts), or the API refusing its feedback
 * because the session has ended (its words). */
type Lost = { loss: SessionLoss } | { refused: string };

/** A click on a link to another page of the app (the sidebar): what leaving mid-session is asked about. A click
 * that opens a new tab or window, a download, or another site leaves this page running. */
function inAppLinkElsewhere(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return false;
  if (link.hasAttribute('download')) return false;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname;
}

export default function RealTimeSessionPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<SessionMode>(() =>
    defaultSessionMode(localStorage.getItem(USER_SETTINGS_KEY)),
  );
  const [calibration, setCalibration] = useState<Calibration | null>(null);
  const [checked, setChecked] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [seconds, setSeconds] = useState(0);
  const [posture, setPosture] = useState<Pick<PostureVerdict, 'status' | 'issue'>>(NEUTRAL);
  const [calibrated, setCalibrated] = useState(false);
  // Why the last frame judged nothing (the producer's reason), said with the pill with what to do about it.
  const [unjudged, setUnjudged] = useState<UnjudgedReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const [showLog, setShowLog] = useState(false);
  const [report, setReport] = useState<SessionReport | null>(null);
  const reportRef = useRef<HTMLElement>(null);
  // The developer log is for developers: only with ?debug=1 ("shown only in debug mode").
  const [debug] = useState(() => debugRequested());
  const sessionRef = useRef<{ id: string; startedAt: Date } | null>(null);
  const secondsRef = useRef(0);
  // The active calibration profile: its reference is what the producer judges the live posture against.
  const profileRef = useRef<CalibrationProfile | null>(null);
  const [stale, setStale] = useState(false);
  // Why the active profile's saved reference was refused (nothing is judged against it), until a new one is taken.
  const [refusedReference, setRefusedReference] = useState<string | null>(null);
  const [offer, setOffer] = useState<RunningSession | null>(null);
  // Why this tab's session stopped without its Stop (another tab took it over or ended it), in words.
  const [notice, setNotice] = useState<string | null>(null);
  const [tab] = useState(newTabId);
  const channelRef = useRef<BroadcastChannel | null>(null);
  const lostRef = useRef<(lost: Lost) => void>(() => undefined);
  // The live loop runs this page's session: the producer (the vision service's peer, or device mode's
  // detector) judges every frame against the reference the loop hands it, and the loop's monitor reads each
  // frame once. Calibrate Posture's new reference becomes the reference of record there, and the active profile
  // keeps it (the one taken, else the newest body seen) for the next session, in any browser or the extension.
  const [loop] = useState(() =>
    createLiveLoop({
      session: {
        api,
        type: 'realtime',
        now: Date.now,
        onSessionEnded: (_id, reason) => lostRef.current({ refused: reason }),
        onReferenceTaken: (reference) => {
          setStale(false);
          setRefusedReference(null);
          const profile = profileRef.current;
          if (!profile || !reference) return;
          profileRef.current = { ...profile, reference };
          void api.calibration.profiles
            .update(profile.id, { reference })
            .catch((e) => setError(SESSION_MESSAGES.referenceNotKept(failureText(e))));
        },
      },
    }),
  );
  const monitor = loop.monitor;
  const controller = useLiveController({ initialTier: 'pro', loop });

  const onProfile = useCallback(
    (profile: CalibrationProfile | null) => {
      profileRef.current = profile;
      const saved = profile?.reference ?? null;
      const adopted = loop.adoptReference(saved);
      setRefusedReference(saved && !adopted ? savedReferenceProblem(saved) : null);
      setStale(false);
    },
    [loop],
  );

  const addLog = useCallback((line: string) => {
    setLog((current) => appendLog(current, `${new Date().toLocaleTimeString()} ${line}`));
  }, []);

  // Initial check: a session needs an active calibration (the API refuses to start one without).
  useEffect(() => {
    let live = true;
    void monitor.checkCalibration().then((checked) => {
      if (!live) return;
      if (checked.ok) setCalibration(checked.calibration);
      else setError(checked.message);
      setChecked(true);
    });
    return () => {
      live = false;
    };
  }, [monitor]);

  // A session already running (a reload, another tab) is offered back rather than lost: its feedback would
  // otherwise stop with nobody told, and a new start would end it.
  useEffect(() => {
    let live = true;
    void api.sessions
      .active()
      .then((answer) => {
        const running = answer?.success ? answer.data : null;
        if (live && running?.id && !sessionRef.current) setOffer(running);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  // The other tabs of the app: a session started or resumed here is this tab's, and the tab that ran it lets it go
  // (session-owner.ts); one ended here is no longer offered there.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_OWNER_CHANNEL);
    channelRef.current = channel;
    channel.onmessage = (event: MessageEvent) => {
      const loss = sessionLoss(sessionRef.current?.id ?? null, tab, event.data);
      if (loss) lostRef.current({ loss });
      const said = event.data as Partial<SessionOwnerMessage> | null;
      if (said?.type === 'ended') setOffer((o) => (o && o.id === said.sessionId ? null : o));
    };
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [tab]);
  const tellTabs = useCallback(
    (type: SessionOwnerMessage['type'], sessionId: string) =>
      channelRef.current?.postMessage({ type, sessionId, tab } satisfies SessionOwnerMessage),
    [tab],
  );

  // A link to another page of the app (the sidebar) clicked while a session runs asks first, as a reload does:
  // leaving ends the session (kept only when some of it was judged, see the unmount below). Asked in the capture
  // phase, before the router takes the click.
  useEffect(() => {
    if (phase !== 'running' && phase !== 'starting') return;
    const ask = (event: MouseEvent) => {
      if (!inAppLinkElsewhere(event) || window.confirm(SESSION_MESSAGES.leaveSessionConfirm)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('click', ask, true);
    return () => document.removeEventListener('click', ask, true);
  }, [phase]);

  // The page going away mid-session (a reload, a closed tab): the API is told when its last frame was judged, so a
  // reload resumed a moment later is not counted as the posture shown before it.
  useEffect(() => {
    if (phase !== 'running') return;
    const left = () => monitor.pageLeft();
    window.addEventListener('pagehide', left);
    return () => window.removeEventListener('pagehide', left);
  }, [phase, monitor]);

  // Leaving (reload, close, another address) while a session runs asks first: the page is what reports on it.
  useEffect(() => {
    if (phase !== 'running' && phase !== 'starting') return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = SESSION_MESSAGES.leaveWarning;
      return SESSION_MESSAGES.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'running') return;
    const tick = () => {
      const session = sessionRef.current;
      if (!session) return;
      secondsRef.current = secondsSince(session.startedAt);
      setSeconds(secondsRef.current);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [phase]);

  /** Starts a new session, or continues the running one offered back (same id, timer from its start). */
  const start = async (resume: RunningSession | null = null) => {
    setError(null);
    setNotice(null);
    if (!calibration) {
      setError(SESSION_MESSAGES.calibrationRequired);
      return;
    }
    setPhase('starting');
    const sessionMode = resume?.mode ?? mode;
    try {
      const started = await monitor.start(sessionMode, resume?.id ?? null);
      if (!started.ok) throw new Error(started.message);
      const id = started.sessionId;
      // The offered session may have ended meanwhile (the API ends one nobody reports on): then a new one runs.
      const startedAt = resume && started.resumed ? new Date(resume.startTime) : new Date();
      sessionRef.current = { id, startedAt };
      // This tab owns it now: a tab running it lets it go, a tab running another one was ended by this start.
      tellTabs('claim', id);
      setOffer(null);
      setMode(sessionMode);
      secondsRef.current = secondsSince(startedAt);
      setSeconds(secondsRef.current);
      setLog([]);
      setReport(null);
      setPosture(NEUTRAL);
      setPhase('running');
      addLog(`Session ${id} ${started.resumed ? 'resumed' : 'started'} in ${sessionMode} mode`);
      if (controller.state.camera === 'idle') await controller.startCamera();
    } catch (e) {
      setPhase('idle');
      setError(message(e));
    }
  };

  const stop = useCallback(async () => {
    const session = sessionRef.current;
    if (!session) return;
    sessionRef.current = null;
    setPhase('stopping');
    const duration = secondsRef.current;
    addLog(`Stopping session ${session.id} after ${formatSessionTimer(duration)}`);
    if (controller.state.camera !== 'idle') controller.stopCamera();
    try {
      const ended = await monitor.end();
      if (!ended.ok) throw new Error(ended.message);
      tellTabs('ended', session.id);
      const answer = await api.sessions.report(session.id);
      if (!answer?.success || !answer.data)
        throw new Error(envelopeMessage(answer, SESSION_MESSAGES.invalidReportResponse));
      setPhase('stopped');
      if (mode === 'passive') {
        navigate('/dashboard/session-report', {
          state: { report: answer.data, duration, date: session.startedAt.toISOString() },
        });
        return;
      }
      setReport(answer.data);
      setPosture({ status: 'neutral', issue: null });
      addLog('Session report ready');
    } catch (e) {
      setPhase('stopped');
      setError(message(e));
    }
  }, [addLog, controller, mode, monitor, navigate, tellTabs]);

  /** The session stopped here without this tab's Stop: another tab resumed it (offered back here, to take it
   * back), started a new one or ended it, or the API refused this tab's feedback as late. The monitor lets go (it
   * tells the API when its last frame was judged, so what was judged here is kept and nothing after it counts),
   * the camera stops without ending the session, and the page says why; an ended session's report is shown. */
  const lose = useCallback(
    async (lost: Lost) => {
      const session = sessionRef.current;
      if (!session) return;
      sessionRef.current = null;
      monitor.detach();
      if (controller.state.camera !== 'idle') controller.stopCamera();
      setPosture(NEUTRAL);
      addLog(`Session ${session.id} stopped here: ${'loss' in lost ? lost.loss : lost.refused}`);
      if ('loss' in lost && lost.loss === 'taken-over') {
        setNotice(SESSION_MESSAGES.sessionTakenOver);
        setSeconds(0);
        setPhase('idle');
        setOffer({ id: session.id, mode, startTime: session.startedAt.toISOString() });
        return;
      }
      const why =
        'refused' in lost
          ? lost.refused
          : lost.loss === 'replaced'
            ? SESSION_MESSAGES.sessionReplacedInOtherTab
            : SESSION_MESSAGES.sessionEndedInOtherTab;
      setNotice(SESSION_MESSAGES.monitoringStoppedHere(why));
      setPhase('stopping');
      try {
        const answer = await api.sessions.report(session.id);
        if (!answer?.success || !answer.data)
          throw new Error(envelopeMessage(answer, SESSION_MESSAGES.invalidReportResponse));
        setReport(answer.data);
      } catch (e) {
        setError(message(e));
      }
      setPhase('stopped');
    },
    [addLog, controller, mode, monitor],
  );
  lostRef.current = (lost) => void lose(lost);

  /** Ends the session offered back: nobody watched since its last feedback, so it ends there and its report
   * counts only the time that was judged. */
  const endOffered = async (running: RunningSession) => {
    setError(null);
    setOffer(null);
    setPhase('stopping');
    try {
      const ended = await api.sessions.end(running.id, { at: 'lastFeedback' });
      if (!ended?.success) throw new Error(envelopeMessage(ended, 'Failed to end session'));
      tellTabs('ended', running.id);
      const answer = await api.sessions.report(running.id);
      if (!answer?.success || !answer.data)
        throw new Error(envelopeMessage(answer, SESSION_MESSAGES.invalidReportResponse));
      setPhase('stopped');
      setReport(answer.data);
      addLog(`Session ${running.id} ended`);
    } catch (e) {
      setPhase('stopped');
      setError(message(e));
    }
  };

  // Each frame's reading, as the loop's monitor made it (its feedback on every posture update and a heartbeat
  // while it holds; a failure is only logged by the API client): the page shows the posture and logs changes.
  useEffect(
    () =>
      loop.onFrame(({ frame, step, stale }) => {
        setStale(stale);
        if (!step) return;
        setCalibrated(step.calibrated);
        // Every frame: the reason may change while the verdict stays neutral (nobody, then too dark).
        setUnjudged(frame.posture_unjudged ?? null);
        if (!step.changed) return;
        setPosture(step.verdict);
        addLog(`Posture ${step.verdict.status}${step.verdict.issue ? ` (${step.verdict.issue})` : ''}`);
      }),
    [addLog, loop],
  );

  // Stopping the camera feed stops the running session. Leaving the page (asked first for the app's links) ends
  // it too, but keeps it only when some of its time was judged: a session left before anything was judged is no
  // session for the history or the dashboard's recent score.
  const stopRef = useRef(stop);
  stopRef.current = stop;
  useEffect(() => {
    const off = controller.onStreamingChange((streaming) => {
      if (!streaming && sessionRef.current) void stopRef.current();
    });
    return () => {
      const left = sessionRef.current;
      sessionRef.current = null;
      if (left)
        void monitor.end(null, { keep: 'judged' }).then((ended) => {
          // Said on the page the user went to: the session ended, and whether it was kept.
          if (ended.ok) toast.info(SESSION_MESSAGES.sessionEndedByLeaving(ended.kept !== false));
          else toast.error(ended.message);
          // This page's channel is closed by now: the other tabs no longer offer the ended session.
          if (!ended.ok || typeof BroadcastChannel === 'undefined') return;
          const channel = new BroadcastChannel(SESSION_OWNER_CHANNEL);
          channel.postMessage({ type: 'ended', sessionId: left.id, tab } satisfies SessionOwnerMessage);
          channel.close();
        });
      controller.release();
      off();
    };
  }, [controller, monitor, tab]);

  // After Stop the report is brought into view (it stands above the camera feed, but the page may be scrolled
  // down to the feed) and its heading focused.
  useEffect(() => {
    if (!report) return;
    reportRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    reportRef.current?.querySelector('h2')?.focus({ preventScroll: true });
  }, [report]);

  const running = phase === 'running';
  // A reason is said only for a calibrated verdict that judged nothing: before a reference the pill says so.
  const shownUnjudged = running && calibrated && posture.status === 'neutral' ? unjudged : null;
  return (
    <div className="rts-page" data-testid="real-time-session" data-phase={phase}>
      <h1>Real-Time Session</h1>
      {error && (
        <div className="rts-banner" role="alert">
          <p>{error}</p>
          {mentionsCalibration(error) && (
            <Button onClick={() => navigate('/dashboard/calibration')}>
              {SESSION_MESSAGES.goToCalibration}
            </Button>
          )}
        </div>
      )}
      {notice && (
        <p className="rts-banner" role="status" data-testid="session-notice">
          {notice}
        </p>
      )}
      {offer && phase === 'idle' && (
        <section className="rts-offer" data-testid="running-session-offer" aria-label="Running session">
          <p>{SESSION_MESSAGES.sessionStillRunning(new Date(offer.startTime).toLocaleTimeString())}</p>
          <Button variant="primary" disabled={!checked || !calibration} onClick={() => void start(offer)}>
            {SESSION_MESSAGES.resumeSession}
          </Button>
          <Button variant="danger" onClick={() => void endOffered(offer)}>
            {SESSION_MESSAGES.endSession}
          </Button>
        </section>
      )}
      {refusedReference &&
        (running ? (
          <ActionNotice
            className="rts-banner"
            testId="saved-reference-refused"
            text={refusedText(refusedReference)}
            actionLabel={SESSION_MESSAGES.recalibrate}
            onAction={() => void controller.calibrate()}
          />
        ) : (
          <p className="rts-banner" role="status" data-testid="saved-reference-refused">
            {refusedText(refusedReference)}
          </p>
        ))}
      {stale && running && (
        <StaleCalibrationNotice className="rts-banner" onRecalibrate={() => void controller.calibrate()} />
      )}
      <div className="rts-controls">
        <ProfileChooser onActiveChange={onProfile} />
        <fieldset disabled={phase !== 'idle' && phase !== 'stopped'}>
          <legend>Mode</legend>
          {(['active', 'passive'] as const).map((m) => (
            <label key={m}>
              <input
                type="radio"
                name="session-mode"
                value={m}
                checked={mode === m}
                onChange={() => setMode(m)}
              />
              {m === 'active' ? 'Active' : 'Passive'}
            </label>
          ))}
        </fieldset>
        {/* The page's one set of controls: they start and stop the camera of the live tool below too. */}
        <Button
          variant="primary"
          disabled={!checked || (phase !== 'idle' && phase !== 'stopped')}
          onClick={() => void start()}
        >
          {START_SESSION}
        </Button>
        <Button variant="danger" disabled={!running} onClick={() => void stop()}>
          Stop Session
        </Button>
        <span className="rts-timer" data-testid="session-timer">
          {formatSessionTimer(seconds)}
        </span>
        {/* The posture pill is live data: shown only while a session runs, cleared by Stop. */}
        {running && (
          // Announced to screen readers as it changes (a change of status, issue or reason, not every frame).
          <span className="rts-posture-status" role="status" aria-live="polite">
            <StatusPill
              tone={posture.status === 'good' ? 'good' : posture.status === 'poor' ? 'poor' : 'neutral'}
              className={shownUnjudged ? 'rts-posture rts-posture-unjudged' : 'rts-posture'}
              data-testid="posture-status"
            >
              {postureStatusText(posture, calibrated, shownUnjudged)}
            </StatusPill>
            {shownUnjudged && (
              <span className="rts-posture-todo" data-testid="posture-todo">
                {UNJUDGED_TEXTS[shownUnjudged].todo}
              </span>
            )}
          </span>
        )}
      </div>

      {/* The report of the session just stopped comes first, above the (stopped) camera feed: below it, it opened
          under the fold and depended on a scroll to be seen. */}
      {report && <SessionReportSummary report={report} ref={reportRef} />}

      <LiveTool controller={controller} hideTierToggle hostStartControl={START_SESSION} />

      {debug && (
        <section className="rts-log">
          <Button size="sm" variant="ghost" onClick={() => setShowLog((v) => !v)}>
            {showLog ? 'Hide Developer Log' : 'Show Developer Log'}
          </Button>
          {showLog && (
            <pre data-testid="developer-log">{log.length ? log.join('\n') : 'No log entries yet.'}</pre>
          )}
        </section>
      )}
    </div>
  );
}
