// The live tool's side panels: Detection Status (the camera, the connection, the keypoints and the posture, and
// when a frame is not judged why and what to do), and in Pro the layers and the head, hands and face readings;
// the Free Tier shows what Pro adds. Below the tool, the debug panel's performance figures.
import {
  CONNECTION_LABELS,
  livePostureNotJudgedText,
  NOT_CONNECTED_LABEL,
  PRO_FEATURES,
  UNJUDGED_TEXTS,
} from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
import type { LiveController, LiveState } from './live-controller.ts';

/** A reading the tool has no frame for yet (the camera off, or on but no frame back): shown as the other panels do. */
const NO_READING = '—';

const LAYER_LABELS: [keyof LiveState['layers'], string][] = [
  ['hns', 'HNS Keypoints'],
  ['hand', 'Hand Keypoints'],
  ['boxes', 'Bounding Boxes'],
  ['outline', 'Reference Outline'],
];

export interface LivePanelsProps {
  controller: LiveController;
  state: LiveState;
  /** The step's prompt shown above the video: the status is not said twice. */
  prompt: string;
  /** The posture line is announced as it changes; not on a host page with its own posture status (the session's
   * pill), so that only one is. */
  announcesPosture: boolean;
}

export function LivePanels({ controller, state, prompt, announcesPosture }: LivePanelsProps) {
  const d = state.detection;
  return (
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
        <div {...(announcesPosture ? { role: 'status', 'aria-live': 'polite' as const } : {})}>
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

      {state.tier === 'pro' ? (
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
  );
}

export function DebugPanel({ state }: { state: LiveState }) {
  return (
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
  );
}
