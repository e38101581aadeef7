// The live posture tool: used in the landing hero, the dashboard camera widget
// and the real-time session page. The behaviour lives in LiveController; this component only renders it.

import {
  formatFreeTimer,
  isFreeTimerWarning,
  LIVE_MESSAGES,
  PROCESSING_MESSAGES,
  STORAGE_KEYS,
} from '@posture-vision/core';
import { Button, Dialog, DialogClose, Progress, Toggle } from '@posture-vision/ui';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { visionUrls } from '../services/api';
import { debugRequested } from '../ui/debug-flag';
import { DebugPanel, LivePanels } from './LivePanels';
import {
  type LiveController,
  type LiveState,
  type Tier,
  TOOL_START_CONTROL,
  workflowPrompt,
} from './live-controller.ts';
import { ProcessingSwitch } from './ProcessingSwitch';
import { TimeUpModal } from './TimeUpModal';
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

  const streaming = state.camera === 'streaming';

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

        <LivePanels
          controller={controller}
          state={state}
          prompt={prompt}
          announcesPosture={!props.hostStartControl}
        />
      </div>

      {state.debug && <DebugPanel state={state} />}

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
