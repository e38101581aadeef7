// /dashboard/calibration: three photos, front, left and right,
// processed by the API with ML, then the summary.

import {
  ApiError,
  CALIBRATION_MESSAGES,
  type Calibration,
  type CalibrationPhoto,
  type CalibrationProgressItem,
  errorBodyTexts,
  PAGE_JPEG_QUALITY,
  unwrap,
  type ViewType,
} from '@posture-vision/core';
import { Button } from '@posture-vision/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendRecalibrationFrequency } from '../dashboard/settings/recalibration-frequency';
import { api } from '../services/api';
import { CalibrationSummaryView } from './CalibrationSummaryView.tsx';
import { capturePhoto, openCamera, stopCamera, VIEW_INSTRUCTIONS, VIEW_ORDER } from './camera.ts';
import './calibration.css';

type Step = 'start' | 'camera' | 'processing' | 'summary';

/** The specification's text, followed by the server's reason when it gave one ('API Error: The left photo: …'),
 * so a refused photo says why. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const reason = error instanceof ApiError ? errorBodyTexts(error.body)[0] : undefined;
  return reason && reason !== text ? `${text}: ${reason}` : text;
}

export default function CalibrationPage() {
  const [step, setStep] = useState<Step>('start');
  const [checking, setChecking] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<CalibrationPhoto[]>([]);
  const [calibration, setCalibration] = useState<Calibration | null>(null);
  /** The user's calibrations, for the summary's change since the last one (none shown while or if it fails). */
  const [history, setHistory] = useState<CalibrationProgressItem[]>([]);
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);

  const releaseCamera = useCallback(() => {
    stopCamera(streamRef.current);
    streamRef.current = null;
  }, []);

  // On load: straight to the summary when an active calibration exists and none is needed (the calibration's summary view).
  useEffect(() => {
    let live = true;
    api.calibration.statusDetailed().then(
      (answer) => {
        if (!live) return;
        const status = answer?.data;
        if (!answer?.success || !status) setError(CALIBRATION_MESSAGES.statusCheckFailed);
        else if (status.hasActive && !status.needsRecalibration && status.calibration) {
          setCalibration(status.calibration);
          setStep('summary');
        }
        setChecking(false);
      },
      () => {
        if (!live) return;
        setError(CALIBRATION_MESSAGES.statusCheckFailed);
        setChecking(false);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => releaseCamera, [releaseCamera]);

  useEffect(() => {
    if (step !== 'summary') return;
    let live = true;
    api.calibration.progress({}).then(
      (answer) => {
        if (live && answer?.success) setHistory(answer.data?.calibrationProgress ?? []);
      },
      (error: unknown) => console.warn('Calibration history not loaded', error),
    );
    return () => {
      live = false;
    };
  }, [step]);

  useEffect(() => {
    if (step === 'camera' && videoRef.current && streamRef.current) {
      videoRef.current.srcObject = streamRef.current;
      videoRef.current.play().catch(() => undefined);
    }
  }, [step]);

  const begin = async () => {
    setError(null);
    try {
      streamRef.current = await openCamera();
      setPhotos([]);
      setStep('camera');
    } catch {
      setError(CALIBRATION_MESSAGES.cameraDenied);
    }
  };

  const cancel = () => {
    releaseCamera();
    setPhotos([]);
    setStep('start');
  };

  const process = async (all: CalibrationPhoto[]) => {
    releaseCamera();
    setStep('processing');
    try {
      const answer = await api.calibration.create({ photos: all, processWithML: true });
      const data = unwrap(answer, 'Calibration failed');
      // The new calibration expires by the browser's recalibration frequency (userSettings.ts).
      await sendRecalibrationFrequency().catch((error: unknown) =>
        console.warn('Recalibration frequency not sent', error),
      );
      setCalibration(data);
      setStep('summary');
    } catch (e) {
      setPhotos([]);
      setError(errorText(e));
      setStep('start');
    }
  };

  const capture = () => {
    const viewType = VIEW_ORDER[photos.length] as ViewType;
    try {
      const video = videoRef.current as HTMLVideoElement;
      const photoUrl = capturePhoto(video, PAGE_JPEG_QUALITY, false);
      const photo: CalibrationPhoto = {
        viewType,
        photoUrl,
        metadata: { width: video.videoWidth, height: video.videoHeight, quality: PAGE_JPEG_QUALITY },
      };
      const next = [...photos, photo];
      setPhotos(next);
      if (next.length === VIEW_ORDER.length) void process(next);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const retake = () => {
    setCalibration(null);
    setPhotos([]);
    setError(null);
    setStep('start');
  };

  if (checking) return <p className="cal-loading">Checking calibration status...</p>;
  const view = VIEW_ORDER[photos.length];

  return (
    <div className="cal-page" data-testid="calibration-page" data-step={step}>
      <h1>Posture Calibration</h1>
      {error && (
        <div className="cal-error" role="alert">
          <p>{error}</p>
          {step === 'start' && <Button onClick={begin}>Try Again</Button>}
        </div>
      )}
      {step === 'start' && (
        <section className="cal-card">
          <p>
            We take three photos of you, from the front, the left and the right, and measure your posture from
            them. Sit upright in good light.
          </p>
          <Button variant="primary" onClick={begin}>
            Start Calibration
          </Button>
        </section>
      )}
      {step === 'camera' && (
        <section className="cal-card">
          <h2>
            Photo {photos.length + 1} of 3: {view} view
          </h2>
          {view && <p>{VIEW_INSTRUCTIONS[view]}</p>}
          <video ref={videoRef} className="cal-video cal-mirrored" muted playsInline autoPlay />
          <div className="cal-thumbs">
            {photos.map((p) => (
              <img key={p.viewType} src={p.photoUrl} alt={`${p.viewType} view`} />
            ))}
          </div>
          <div className="cal-actions">
            <Button variant="primary" onClick={capture}>
              Capture {view} photo
            </Button>
            <Button onClick={cancel}>Cancel</Button>
          </div>
        </section>
      )}
      {step === 'processing' && (
        <section className="cal-card" aria-busy="true">
          <p>Analysing your photos...</p>
        </section>
      )}
      {step === 'summary' && calibration && (
        <CalibrationSummaryView calibration={calibration} history={history} onRetake={retake} />
      )}
    </div>
  );
}
