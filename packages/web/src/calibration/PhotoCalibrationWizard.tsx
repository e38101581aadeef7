// /dashboard/photo-calibration: the AI photo calibration wizard.
// Mirrored JPEG 0.9 captures of the front, left and right views. Each photo is checked as it is taken (the photo
// analysis of that one view, on its preview, before Next: core photoCheck), so a photo that cannot be measured is
// retaken alone; then the three are analysed in one batch by the photo analysis service and stored by the API with
// that answer, unchanged (processWithML false): it carries the service's signed measurement of these photos (core
// calibration/measurement.ts), which the API verifies and stores in place of the client's copy, so the figures on
// the completion card are the ones the API stored. The API keeps the front photo as the active calibration
// profile's live reference (core calibration/live-reference.ts).

import {
  CALIBRATION_MESSAGES,
  type CalibrationPhoto,
  cameraErrorMessage,
  LIVE_REFERENCE_KEPT,
  liveReferenceNotKept,
  PHOTO_CHECK_MESSAGES,
  type PhotoCheck,
  photoCheck,
  photoCheckFailure,
  photoFailure,
  photoLiveReference,
  REFERENCE_PROBLEM_TEXT,
  scoreBreakdownText,
  type ViewType,
  WIZARD_JPEG_QUALITY,
} from '@posture-vision/core';
import { Button, Progress } from '@posture-vision/ui';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { NewCalibration } from '../dashboard/overview/new-calibration';
import { sendRecalibrationFrequency } from '../dashboard/settings/recalibration-frequency';
import { api } from '../services/api';
import { capturePhoto, openCamera, stopCamera, VIEW_INSTRUCTIONS } from './camera.ts';
import {
  initialWizard,
  isCaptureStep,
  viewOf,
  wizardProgress,
  wizardReducer,
} from './rules/wizard-machine.ts';
import './calibration.css';

/** The wizard captures its photos mirrored, like its preview (the metadata says so; the live reference is turned
 * back, core photoLiveReference). */
const MIRRORED = true;

/** The photo service's assessment notes ("Uneven shoulders", "Head tilted") as a list. */
function noteList(notes: unknown): string[] {
  if (Array.isArray(notes)) return notes.filter((n): n is string => typeof n === 'string' && n.length > 0);
  return typeof notes === 'string' && notes ? [notes] : [];
}

/** The cranial vertebral angle the analysis measured (the mean of the two side views), if any. */
function measuredCva(analysis: Record<string, unknown>): number | null {
  const metrics = analysis.metrics as { cranial_vertebral_angle?: unknown } | undefined;
  const cva = metrics?.cranial_vertebral_angle;
  return typeof cva === 'number' && Number.isFinite(cva) ? cva : null;
}

/** Why a view's metrics, or some of them, were not measured, from the batch answer (its views' not_measurable). */
function notMeasuredViews(analysis: Record<string, unknown>): string[] {
  const views = (analysis.views ?? {}) as Record<string, { not_measurable?: unknown }>;
  return (['front', 'left', 'right'] as const).flatMap((v) => {
    const why = views[v]?.not_measurable;
    return typeof why === 'string' && why ? [`The ${v} photo: ${why}`] : [];
  });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export default function PhotoCalibrationWizard() {
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  const [notice, setNotice] = useState<string | null>(null);
  const [score, setScore] = useState<number | null>(null);
  const [notes, setNotes] = useState<string[]>([]);
  const [cva, setCva] = useState<number | null>(null);
  /** Which views' metrics were not all measured, and why (the completion card lists them). */
  const [notMeasured, setNotMeasured] = useState<string[]>([]);
  const [liveReference, setLiveReference] = useState<string | null>(null);
  /** Each photo's check, by its view and the photo (a retake is a new photo, checked again). */
  const [checks, setChecks] = useState<Record<string, PhotoCheck>>({});
  /** How the score was made, from the calibration as the API stored it (core scoreBreakdownText, as the summary). */
  const [breakdown, setBreakdown] = useState<string | null>(null);
  /** What to do after a failed analysis (the service's reason is in the error message). */
  const [nextStep, setNextStep] = useState<string | null>(null);
  /** Which part of the upload is under way, for its progress. */
  const [uploadStage, setUploadStage] = useState<0 | 1>(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const navigate = useNavigate();
  const capturing = isCaptureStep(state.step);
  const view = viewOf(state.step);

  // The camera runs only during capture steps: leaving one stops it (the camera is never on unseen).
  useEffect(() => {
    if (!capturing) return;
    let stream: MediaStream | null = null;
    let cancelled = false;
    setNotice(null);
    openCamera(true).then(
      async (s) => {
        if (cancelled) return stopCamera(s);
        stream = s;
        const video = videoRef.current;
        if (!video) return dispatch({ type: 'fail', message: CALIBRATION_MESSAGES.cameraComponentMissing });
        video.srcObject = s;
        video.onerror = () => dispatch({ type: 'fail', message: CALIBRATION_MESSAGES.playback });
        try {
          await video.play();
        } catch {
          if (!cancelled) dispatch({ type: 'fail', message: CALIBRATION_MESSAGES.playbackStart });
        }
      },
      (error) =>
        !cancelled &&
        dispatch({ type: 'fail', message: cameraErrorMessage((error as { name?: string })?.name) }),
    );
    return () => {
      cancelled = true;
      stopCamera(stream);
    };
  }, [capturing]);

  // Uploading: batch photo analysis, then the API stores the calibration with that analysis.
  useEffect(() => {
    if (state.step !== 'UPLOADING') return;
    let live = true;
    (async () => {
      const { front, left, right } = state.photos;
      if (!front || !left || !right) throw new Error(CALIBRATION_MESSAGES.captureFailed);
      setUploadStage(0);
      const mlAnalysis = await api.photoAnalysis.batchAnalyze({
        front_image: front.dataUrl,
        left_image: left.dataUrl,
        right_image: right.dataUrl,
      });
      const photos: CalibrationPhoto[] = (['front', 'left', 'right'] as const).map((viewType) => ({
        viewType,
        photoUrl: state.photos[viewType]?.dataUrl as string,
        capturedAt: state.photos[viewType]?.capturedAt as string,
        metadata: { source: 'photo-calibration-wizard', quality: WIZARD_JPEG_QUALITY, mirrored: MIRRORED },
      }));
      if (live) setUploadStage(1);
      const answer = await api.calibration.create({ photos, processWithML: false, mlAnalysis });
      if (!answer?.success) throw new Error(CALIBRATION_MESSAGES.backendStorageFailed);
      // One calibration: the API kept the front photo as the active profile's live reference when it can be one.
      setLiveReference(
        photoLiveReference(mlAnalysis, MIRRORED)
          ? LIVE_REFERENCE_KEPT
          : liveReferenceNotKept(mlAnalysis.live_reference_problem ?? REFERENCE_PROBLEM_TEXT.partial),
      );
      // The new calibration expires by the browser's recalibration frequency (userSettings.ts).
      await sendRecalibrationFrequency().catch((error: unknown) =>
        console.warn('Recalibration frequency not sent', error),
      );
      return { analysis: mlAnalysis, stored: answer.data };
    })().then(
      ({ analysis, stored }) => {
        if (!live) return;
        // The figures of record: what the API stored (the signed measurement), the answer's where it has none.
        setScore(Math.round(stored?.initialPostureScore ?? analysis.overall_score));
        setNotes(noteList(analysis.assessment_notes));
        setCva(stored?.cranialVertebralAngle ?? measuredCva(analysis));
        setNotMeasured(notMeasuredViews(analysis));
        setBreakdown(stored ? scoreBreakdownText(stored) : null);
        dispatch({ type: 'uploaded' });
      },
      (error) => {
        if (!live) return;
        const failure = photoFailure(error);
        setNextStep(failure.nextStep);
        dispatch({ type: 'fail', message: failure.message });
      },
    );
    return () => {
      live = false;
    };
  }, [state.step, state.photos]);

  // A preview checks its photo: the analysis of that one view (the vision service's single-photo analysis), before the user goes on.
  const previewed = state.step.startsWith('PREVIEW_') ? viewOf(state.step) : null;
  const previewUrl = previewed ? state.photos[previewed]?.dataUrl : undefined;
  useEffect(() => {
    if (!previewed || !previewUrl) return;
    // By view and photo: the same picture taken as two views (a still camera) is checked as each.
    const key = `${previewed}:${previewUrl}`;
    if (checks[key]) return;
    let live = true;
    api.photoAnalysis.analyze({ image_data: previewUrl, view_type: previewed }).then(
      (answer) => live && setChecks((c) => ({ ...c, [key]: photoCheck(previewed, answer) })),
      (error) => live && setChecks((c) => ({ ...c, [key]: photoCheckFailure(error) })),
    );
    return () => {
      live = false;
    };
  }, [previewed, previewUrl, checks]);

  const capture = (viewType: ViewType) => {
    const video = videoRef.current;
    if (!video) return setNotice(CALIBRATION_MESSAGES.cameraComponentMissing);
    try {
      const dataUrl = capturePhoto(video, WIZARD_JPEG_QUALITY, MIRRORED);
      dispatch({ type: 'captured', view: viewType, dataUrl, capturedAt: new Date().toISOString() });
    } catch (error) {
      setNotice(reason(error) || CALIBRATION_MESSAGES.captureFailed);
    }
  };

  const progress = wizardProgress(state.step);
  const photo = view ? state.photos[view] : undefined;
  const check = photo && view ? checks[`${view}:${photo.dataUrl}`] : undefined;

  return (
    <div className="cal-page" data-testid="photo-wizard" data-step={state.step}>
      <h1>AI Photo Calibration</h1>
      {progress > 0 && (
        <ol className="cal-progress" aria-label="Progress">
          {(['front', 'left', 'right'] as const).map((v, i) => (
            <li key={v} className={i < progress ? 'done' : ''}>
              {v}
            </li>
          ))}
        </ol>
      )}

      {state.step === 'INSTRUCTIONS_START' && (
        <section className="cal-card">
          <h2>How it works</h2>
          <ol>
            <li>Sit about an arm's length from the camera in good light.</li>
            <li>Take a photo from the front, then from your left and your right side.</li>
            <li>Our AI measures your posture and stores your calibration.</li>
          </ol>
          <Button variant="primary" onClick={() => dispatch({ type: 'begin' })}>
            Start
          </Button>
        </section>
      )}

      {capturing && view && (
        <section className="cal-card">
          <h2>Capture the {view} view</h2>
          <p>{VIEW_INSTRUCTIONS[view]}</p>
          <video ref={videoRef} className="cal-video cal-mirrored" muted playsInline autoPlay />
          {notice && (
            <p className="cal-error" role="alert">
              {notice}
            </p>
          )}
          <Button variant="primary" onClick={() => capture(view)}>
            Capture Photo
          </Button>
        </section>
      )}

      {state.step.startsWith('PREVIEW_') && view && photo && (
        <section className="cal-card">
          <h2>Preview: {view} view</h2>
          <img className="cal-preview" src={photo.dataUrl} alt={`${view} view`} />
          <p
            className={check?.state === 'retake' ? 'cal-error' : 'cal-photo-check'}
            data-testid="photo-check"
            data-state={check?.state ?? 'checking'}
            role={check?.state === 'retake' ? 'alert' : 'status'}
          >
            {check?.message ?? PHOTO_CHECK_MESSAGES.checking}
          </p>
          <div className="cal-actions">
            <Button onClick={() => dispatch({ type: 'retake' })}>Retake</Button>
            {/* Next waits for the check, and a photo that cannot be measured is retaken before going on. */}
            <Button
              variant="primary"
              disabled={!check || check.state === 'retake'}
              onClick={() => dispatch({ type: 'accept' })}
            >
              {view === 'right' ? 'Analyze Photos' : 'Next'}
            </Button>
          </div>
        </section>
      )}

      {state.step === 'UPLOADING' && (
        <section className="cal-card" aria-busy="true">
          <p>Analysing your photos and saving your calibration...</p>
          <Progress
            data-testid="photo-progress"
            label={uploadStage === 0 ? 'Measuring your posture in the 3 photos' : 'Saving your calibration'}
            value={null}
            detail={`Step ${uploadStage + 1} of 2`}
          />
        </section>
      )}

      {state.step === 'COMPLETED' && (
        <section className="cal-card">
          <h2>
            {notMeasured.length ? 'Calibration saved, with metrics not measured' : 'Calibration complete!'}
          </h2>
          {notMeasured.length > 0 && (
            <div data-testid="wizard-not-measured">
              <h3>Not measured</h3>
              <ul>
                {notMeasured.map((why) => (
                  <li key={why}>{why}</li>
                ))}
              </ul>
            </div>
          )}
          {score !== null && <p data-testid="wizard-score">Your posture score: {score}/100</p>}
          {breakdown && (
            <p className="cal-score-breakdown" data-testid="wizard-score-breakdown">
              {breakdown}
            </p>
          )}
          {cva !== null && <p data-testid="wizard-cva">CVA (cranial vertebral angle): {cva.toFixed(1)}°</p>}
          {liveReference && <p data-testid="wizard-live-reference">{liveReference}</p>}
          {notes.length > 0 && (
            <div data-testid="wizard-notes">
              <h3>Assessment notes</h3>
              <ul>
                {notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          )}
          {/* The card stays until the user goes on (2.5: after completion the wizard goes to /dashboard); the
              overview shows the same score and notes where it lands (state read by DashboardOverview). */}
          <Button
            variant="primary"
            onClick={() => {
              const landing: NewCalibration = { calibratedScore: score, calibrationNotes: notes };
              navigate('/dashboard', { state: landing });
            }}
          >
            Go to Dashboard
          </Button>
        </section>
      )}

      {state.step === 'ERROR' && (
        <section className="cal-card cal-error" role="alert">
          <p data-testid="wizard-error">{state.error}</p>
          {nextStep && (
            <p className="cal-next-step" data-testid="wizard-next-step">
              {nextStep}
            </p>
          )}
          <Button
            variant="primary"
            onClick={() => {
              setNextStep(null);
              dispatch({ type: 'tryAgain' });
            }}
          >
            Try Again
          </Button>
        </section>
      )}
    </div>
  );
}
