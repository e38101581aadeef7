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
  type PostureVerdict,
  SESSION_MESSAGES,
  type SessionLoss,
  type SessionMode,
  type SessionReport,
  savedReferenceProblem,
  type UnjudgedReason,
} from '@posture-vision/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import LiveTool from '../live/LiveTool.tsx';
import { useLiveController } from '../live/use-live-controller.ts';
import { api } from '../services/api';
import { debugRequested } from '../ui/debug-flag';
import { toast } from '../ui/toast-store';
import { DeveloperLog } from './DeveloperLog';
import { appendLog, defaultSessionMode, USER_SETTINGS_KEY } from './rules/session-page.ts';
import { type RunningSession, SessionBanners } from './SessionBanners';
import { SessionControls, START_SESSION } from './SessionControls';
import { SessionReportSummary } from './SessionReportSummary';
import { type SessionPhase, useLeaveGuards } from './use-leave-guards';
import { useSessionTabs } from './use-session-tabs';
import './sessions.css';

/** Whole seconds since the session's start: the timer follows the session, not the page (a resumed session's
 * timer goes on from its start). */
const secondsSince = (startedAt: Date) => Math.max(0, Math.floor((Date.now() - startedAt.getTime()) / 1000));

/** A refused call in the server's words (core failureText), any other failure by its own message. */
function message(error: unknown): string {
  return failureText(error);
}

const NEUTRAL: Pick<PostureVerdict, 'status' | 'issue'> = { status: 'neutral', issue: null };

/** Why this tab stopped a session it ran: another tab's word (session-owner.ts), or the API refusing its feedback
 * because the session has ended (its words). */
type Lost = { loss: SessionLoss } | { refused: string };

export default function RealTimeSessionPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<SessionMode>(() =>
    defaultSessionMode(localStorage.getItem(USER_SETTINGS_KEY)),
  );
  const [calibration, setCalibration] = useState<Calibration | null>(null);
  const [checked, setChecked] = useState(false);
  const [phase, setPhase] = useState<SessionPhase>('idle');
  const [seconds, setSeconds] = useState(0);
  const [posture, setPosture] = useState<Pick<PostureVerdict, 'status' | 'issue'>>(NEUTRAL);
  const [calibrated, setCalibrated] = useState(false);
  // Why the last frame judged nothing (the producer's reason), said with the pill with what to do about it.
  const [unjudged, setUnjudged] = useState<UnjudgedReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<string[]>([]);
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

  // The other tabs of the app: a session started or resumed here is this tab's, and the tab that ran it lets it go;
  // one ended here is no longer offered there.
  const tabs = useSessionTabs({
    running: () => sessionRef.current?.id ?? null,
    onLoss: (loss) => lostRef.current({ loss }),
    onEnded: (sessionId) => setOffer((o) => (o && o.id === sessionId ? null : o)),
  });
  const tellTabs = tabs.tell;

  useLeaveGuards(phase, monitor);

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
          if (ended.ok) tabs.tellEndedAfterLeaving(left.id);
        });
      controller.release();
      off();
    };
  }, [controller, monitor, tabs.tellEndedAfterLeaving]);

  // After Stop the report is brought into view (it stands above the camera feed, but the page may be scrolled
  // down to the feed) and its heading focused.
  useEffect(() => {
    if (!report) return;
    reportRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    reportRef.current?.querySelector('h2')?.focus({ preventScroll: true });
  }, [report]);

  const running = phase === 'running';
  const idle = phase === 'idle' || phase === 'stopped';
  // A reason is said only for a calibrated verdict that judged nothing: before a reference the pill says so.
  const shownUnjudged = running && calibrated && posture.status === 'neutral' ? unjudged : null;
  return (
    <div className="rts-page" data-testid="real-time-session" data-phase={phase}>
      <h1>Real-Time Session</h1>
      <SessionBanners
        error={error}
        onGoToCalibration={() => navigate('/dashboard/calibration')}
        notice={notice}
        offer={phase === 'idle' ? offer : null}
        canResume={checked && !!calibration}
        onResume={(o) => void start(o)}
        onEndOffered={(o) => void endOffered(o)}
        refusedReference={refusedReference}
        stale={stale}
        running={running}
        onRecalibrate={() => void controller.calibrate()}
      />
      <SessionControls
        onProfile={onProfile}
        mode={mode}
        onMode={setMode}
        idle={idle}
        canStart={checked && idle}
        running={running}
        onStart={() => void start()}
        onStop={() => void stop()}
        seconds={seconds}
        posture={posture}
        calibrated={calibrated}
        unjudged={shownUnjudged}
      />

      {/* The report of the session just stopped comes first, above the (stopped) camera feed: below it, it opened
          under the fold and depended on a scroll to be seen. */}
      {report && <SessionReportSummary report={report} ref={reportRef} />}

      <LiveTool controller={controller} hideTierToggle hostStartControl={START_SESSION} />

      {debug && <DeveloperLog log={log} />}
    </div>
  );
}
