// The live posture tool: used in the landing hero, the dashboard camera widget
// and the real-time session page. The behaviour lives in LiveController; this component only renders it.

import {
  CONNECTION_LABELS,
  DEMO_SUMMARY_TEXTS,
  type DemoSummary,
  demoSummaryLines,
  failureText,
  formatFreeTimer,
  isFreeTimerWarning,
  LIVE_MESSAGES,
  livePostureNotJudgedText,
  NOT_CONNECTED_LABEL,
  PRO_FEATURES,
  PROCESSING_MESSAGES,
  type SampleReportRequest,
  STORAGE_KEYS,
  sampleReportAlert,
  sampleReportFailed,
  UNJUDGED_TEXTS,
  validateCaptureEmail,
} from '@posture-vision/core';
import { Button, Dialog, DialogClose, Field, Progress, Toggle } from '@posture-vision/ui';
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { api, visionUrls } from '../services/api';
import { debugRequested } from '../ui/debug-flag';
import {
  type LiveController,
  type LiveState,
  type Tier,
  TOOL_START_CONTROL,
  workflowPrompt,
} from './live-controller.ts';
import { ProcessingSwitch } from './ProcessingSwitch';
import { createToolController } from './use-live-controller.ts';
import { useModelLoading } from './use-model-loading';
import './live-tool.css';

export interface LiveToolProps {
  /** The controller of a page that runs a session with the tool (useLiveController: the page configures its
   * session and subscribes to its loop). Without it the tool makes its own, with no session. */
  controller?: LiveController;
  initialTier?: Tier;
  /** Shows the debug panel from the start. */
  debug?: boolean;
  /** Hides the Free Tier/Pro toggle (the session page always runs in Pro). */
  hideTierToggle?: boolean;
  /**
   * The host page's control that starts the camera (the real-time session's 'Start Session'): the page's own
   * Start/Stop drive the camera, the tool shows no Start/Stop Camera of its own (one set of controls), and its
   * prompt names the page's control. Without it the tool has its own Start Camera.
   */
  hostStartControl?: string;
}

/** What the tool is waiting for right now, for its progress line; null once frames arrive. */
function waitingFor(state: LiveState): string | null {
  if (state.camera === 'starting') return 'Waiting for the camera';
  if (state.camera !== 'streaming') return null;
  if (!state.connected)
    return state.processing === 'device'
      ? PROCESSING_MESSAGES.loadingDeviceModels
      : 'Connecting to the posture service';
  if (state.metrics.framesReceived === 0) return 'Waiting for the first posture reading';
  return null;
}

/** A reading the tool has no frame for yet (the camera off, or on but no frame back): shown as the other panels do. */
const NO_READING = '—';

const LAYER_LABELS: [keyof LiveState['layers'], string][] = [
  ['hns', 'HNS Keypoints'],
  ['hand', 'Hand Keypoints'],
  ['boxes', 'Bounding Boxes'],
  ['outline', 'Reference Outline'],
];

export default function LiveTool(props: LiveToolProps) {
  const propsRef = useRef(props);
  propsRef.current = props;
  const [controller] = useState(
    () => props.controller ?? createToolController({ initialTier: props.initialTier }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  // Loading progress of the service's models; once loaded, the status line is read again.
  const modelLoading = useModelLoading(
    state.processing === 'server' ? visionUrls.http : null,
    () => localStorage.getItem(STORAGE_KEYS.token),
    () => controller.checkModelStatus(),
  );
  const [debugOffered] = useState(() => debugRequested() || !!props.debug);
  const waiting = waitingFor(state);
  const prompt = workflowPrompt(
    state.workflow,
    props.hostStartControl ?? TOOL_START_CONTROL,
    state.judgingReference,
  );
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    controller.attach(videoRef.current, canvasRef.current);
    if (propsRef.current.debug) controller.setDebug(true);
    controller.checkModelStatus();
    const onVisibility = () => controller.setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      controller.release();
    };
  }, [controller]);

  const pro = state.tier === 'pro';
  const streaming = state.camera === 'streaming';
  const d = state.detection;

  return (
    <div
      className="live-tool"
      data-testid="live-tool"
      data-workflow={state.workflow}
      data-camera={state.camera}
    >
      <div className="live-controls" role="toolbar" aria-label="Live posture controls">
        {!props.hideTierToggle && (
          <fieldset className="live-tier" aria-label="Tier">
            {(['free', 'pro'] as const).map((tier) => (
              <button
                key={tier}
                type="button"
                aria-pressed={state.tier === tier}
                className={state.tier === tier ? 'on' : ''}
                onClick={() => controller.setTier(tier)}
              >
                {tier === 'free' ? 'Free Tier' : 'Pro'}
              </button>
            ))}
          </fieldset>
        )}
        {!props.hostStartControl && (
          <>
            <Button
              variant="primary"
              disabled={state.camera !== 'idle'}
              onClick={() => controller.startCamera()}
            >
              {TOOL_START_CONTROL}
            </Button>
            <Button disabled={state.camera === 'idle'} onClick={() => controller.stopCamera()}>
              Stop Camera
            </Button>
          </>
        )}
        <ProcessingSwitch controller={controller} state={state} />
        <Button disabled={!state.connected || state.calibrating} onClick={() => controller.calibrate()}>
          {state.calibrating ? 'Calibrating...' : 'Calibrate Posture'}
        </Button>
        <Toggle
          pressed={state.activeMode}
          disabled={state.activeModeDisabled}
          onPressedChange={(on) => controller.setActiveMode(on)}
          data-testid="active-mode"
        >
          {`Active Mode${state.activeMode ? ': On' : ''}`}
        </Toggle>
        <Button variant="ghost" onClick={() => controller.testCalibration()}>
          Test Calibration
        </Button>
        {/* Debug mode is for developers: offered with ?debug=1, or once the tool turned it on after errors. */}
        {(debugOffered || state.debug) && (
          <label className="live-debug-toggle">
            <input
              type="checkbox"
              checked={state.debug}
              onChange={(e) => controller.setDebug(e.target.checked)}
            />
            Debug
          </label>
        )}
      </div>

      {modelLoading && (
        <Progress
          data-testid="model-progress"
          label="Loading the pose models"
          value={modelLoading.done / modelLoading.total}
          detail={`${modelLoading.done} of ${modelLoading.total} ready · ${modelLoading.seconds} s`}
        />
      )}
      {!modelLoading && waiting && <Progress data-testid="live-progress" label={waiting} value={null} />}

      {state.tier === 'free' && streaming && (
        <div
          className={`live-timer${isFreeTimerWarning(state.freeSeconds) ? ' low' : ''}`}
          data-testid="free-timer"
        >
          Free Tier: {formatFreeTimer(state.freeSeconds)}
          {isFreeTimerWarning(state.freeSeconds) && <span> {LIVE_MESSAGES.proUpsell}</span>}
        </div>
      )}

      <p className="live-prompt" data-testid="workflow-prompt">
        {prompt}
      </p>

      <div className="live-body">
        <div className="live-stage">
          <video ref={videoRef} className="live-mirrored" muted playsInline autoPlay />
          <canvas
            ref={canvasRef}
            className="live-mirrored live-overlay"
            data-testid="live-overlay"
            data-overlay-frames={state.drawn.overlayFrames}
            data-detection-frames={state.metrics.framesReceived}
            data-keypoints-drawn={state.drawn.keypoints}
            data-arrows-drawn={state.drawn.arrows}
            data-outline-drawn={state.drawn.outlinePoints}
          />
          {/* Not an empty black box: the stage says the camera is off until it runs. */}
          {state.camera === 'idle' && (
            <p className="live-stage-idle" data-testid="camera-off">
              Camera off
            </p>
          )}
        </div>

        <aside className="live-side">
          <section className="live-panel" aria-label="Detection Status">
            <h2>Detection Status</h2>
            {/* The status often repeats the step's prompt shown above the video: said once, not twice. */}
            <p data-testid="live-status" hidden={!state.status || state.status === prompt}>
              {state.status === prompt ? '' : state.status}
            </p>
            <p data-testid="model-status">{state.modelStatus}</p>
            <p>
              <span className={`live-dot ${state.connection}`} />
              <span data-testid="connection-label">
                {state.connection === 'none' ? NOT_CONNECTED_LABEL : CONNECTION_LABELS[state.connection]}
              </span>
            </p>
            <p>Keypoints: {d?.keypointCount ?? 0}</p>
            {/* Before the first frame nothing is being analysed and nothing is known of the calibration: a dash,
                as the other panels show, not 'Analyzing...' with the camera off nor 'Not calibrated' beside the
                dashboard's 'Calibrated'. */}
            <p data-testid="head-tilt">Head tilt: {d ? d.tilt : NO_READING}</p>
            {/* A frame not judged says why and what to do (not 'Aligned'), announced as the reason changes; on a
                host page with its own posture status (the session's pill) that one is announced, not both. */}
            <div {...(props.hostStartControl ? {} : { role: 'status', 'aria-live': 'polite' as const })}>
              <p data-testid="posture-deviation">
                Posture:{' '}
                {!d
                  ? NO_READING
                  : !d.analysed
                    ? 'Not calibrated'
                    : d.unjudged
                      ? livePostureNotJudgedText(d.unjudged)
                      : d.deviated
                        ? `Deviated (${d.deviationLevel})`
                        : 'Aligned'}
              </p>
              {d?.analysed && d.unjudged && (
                <p className="live-posture-todo" data-testid="live-posture-todo">
                  {UNJUDGED_TEXTS[d.unjudged].todo}
                </p>
              )}
            </div>
            {state.showRetry && !state.authRequired && (
              <Button size="sm" onClick={() => controller.retryConnection()}>
                Retry Connection
              </Button>
            )}
          </section>

          {pro ? (
            <>
              <section className="live-panel" aria-label="Layers">
                {LAYER_LABELS.map(([layer, label]) => (
                  <label key={layer}>
                    <input
                      type="checkbox"
                      checked={state.layers[layer]}
                      onChange={(e) => controller.setLayer(layer, e.target.checked)}
                    />
                    {label}
                  </label>
                ))}
              </section>
              <section className="live-panel" aria-label="Head-Neck-Shoulder">
                <h2>Head-Neck-Shoulder</h2>
                <p>Body status: {d?.bodyStatus || '—'}</p>
                <p>Emotion: {d?.emotions.join(', ') || '—'}</p>
                <p>Deviation confidence: {d?.confidence != null ? d.confidence.toFixed(2) : '—'}</p>
              </section>
              <section className="live-panel" aria-label="Hands">
                <h2>Hands</h2>
                <p>Hands detected: {d?.hands ?? 0}</p>
                <p>Confidence: {d?.handConfidences.map((c) => c.toFixed(2)).join(', ') || '—'}</p>
              </section>
              <section className="live-panel" aria-label="Face">
                <h2>Face</h2>
                <p>Drowsiness: {d ? (d.drowsy ? 'Drowsy' : 'Alert') : '—'}</p>
                <p>Eyes: {d?.eyeState || '—'}</p>
                <p>Mouth: {d?.mouthState || '—'}</p>
                <p>
                  Blinks: {d?.blinks ?? 0} · Yawns: {d?.yawns ?? 0}
                </p>
              </section>
            </>
          ) : (
            <section className="live-panel live-teaser" aria-label="Pro features">
              <h2>Unlock Pro</h2>
              <ul>
                {PRO_FEATURES.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>

      {state.debug && (
        <section className="live-panel live-debug" aria-label="Debug" data-testid="debug-panel">
          <h2>Performance</h2>
          <p>
            Frame quality: <span data-testid="frame-quality">{state.metrics.frameQuality}</span>
          </p>
          <p>
            Overlay fps: <span data-testid="overlay-fps">{state.metrics.overlayFps}</span>
          </p>
          <p>
            Detection fps: <span data-testid="detection-fps">{state.metrics.detectionFps}</span>
          </p>
          <p>Frames received: {state.metrics.framesReceived}</p>
          <p>Peer id: {state.peerId ?? '—'}</p>
          <pre className="live-log">{state.log.join('\n')}</pre>
        </section>
      )}

      <Dialog
        open={state.successPopup}
        onOpenChange={(open) => !open && controller.closeSuccessPopup()}
        title="Calibration successful!"
        className="live-popup"
        actions={
          <DialogClose asChild>
            <Button variant="primary">OK</Button>
          </DialogClose>
        }
      />

      {state.timeUp && <TimeUpModal summary={state.demoSummary} onClose={() => controller.closeTimeUp()} />}
    </div>
  );
}

/** Asks the API to mail the sample report (POST /demo/sample-report, no account). */
export function sendSampleReport(request: SampleReportRequest): Promise<unknown> {
  return api.demo.sampleReport(request);
}

const NO_TIME: DemoSummary = { goodSeconds: 0, poorSeconds: 0, notJudgedSeconds: 0, issues: {} };

/** The demo's summary as the time-up dialog shows it and the sample report mails it (core's demoSummaryLines). */
function DemoSummaryView({ summary }: { summary: DemoSummary }) {
  const { times, issues } = demoSummaryLines(summary);
  return (
    <section className="live-demo-summary" data-testid="demo-summary" aria-label={DEMO_SUMMARY_TEXTS.heading}>
      <h3>{DEMO_SUMMARY_TEXTS.heading}</h3>
      <dl>
        {times.map((line) => (
          <div key={line.label} data-testid="demo-summary-line">
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <h3>{DEMO_SUMMARY_TEXTS.issuesHeading}</h3>
      {issues.length ? (
        <dl>
          {issues.map((line) => (
            <div key={line.label} data-testid="demo-summary-line">
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{DEMO_SUMMARY_TEXTS.noIssues}</p>
      )}
    </section>
  );
}

type Outcome = { kind: 'sending' } | { kind: 'sent'; text: string } | { kind: 'failed'; text: string };

/** The time-up modal of the Free Tier: e-mail capture. Its two messages are the specification's words, shown
 * in the dialog (a refusal under the field, the confirmation announced in its place) rather than in native alert
 * boxes that block the tab. The confirmation is true: it shows once the API has handed the sample report, with
 * the demo's summary shown above, to the mail server; when it could not, the dialog says why. */
export function TimeUpModal({
  onClose,
  summary,
  send = sendSampleReport,
}: {
  onClose: () => void;
  /** What the demo saw; null (no demo ran) reports no time. */
  summary: DemoSummary | null;
  send?: (request: SampleReportRequest) => Promise<unknown>;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const figures = summary ?? NO_TIME;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (outcome?.kind === 'sending') return;
    const value = email.trim();
    const invalid = validateCaptureEmail(value);
    setError(invalid);
    if (invalid) return;
    setOutcome({ kind: 'sending' });
    try {
      await send({ email: value, summary: figures });
      setOutcome({ kind: 'sent', text: sampleReportAlert(value) });
      setEmail('');
    } catch (failure) {
      setOutcome({ kind: 'failed', text: sampleReportFailed(failureText(failure)) });
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Your free demo time is up"
      description="Enter your e-mail address to receive a sample posture report, or switch to Pro for unlimited time."
      className="live-modal"
    >
      <DemoSummaryView summary={figures} />
      {outcome && outcome.kind !== 'failed' && (
        <p role="status" data-testid="time-up-sent">
          {outcome.kind === 'sending' ? DEMO_SUMMARY_TEXTS.sending : outcome.text}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p role="alert" className="live-demo-failed" data-testid="time-up-failed">
          {outcome.text}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          label="E-mail address"
          type="email"
          placeholder="you@example.com"
          value={email}
          error={error ?? undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="ui-dialog-actions">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
          <Button type="submit" variant="primary" disabled={outcome?.kind === 'sending'}>
            Send me the report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
