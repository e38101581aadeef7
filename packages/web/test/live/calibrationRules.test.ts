// Calibration summary rules (document 2, 3.5 and 5.2) and the wizard's state machine (4.3).
import type { Calibration } from '@posture-vision/core/api';
import { describe, expect, it } from 'vitest';
import { calibrationSummary, goalSuggestions, metricStatus } from '../../src/calibration/rules/keyMetrics.ts';
import {
  initialWizard,
  type WizardEvent,
  wizardProgress,
  wizardReducer,
} from '../../src/calibration/rules/wizardMachine.ts';

const calibration = (over: Partial<Calibration> = {}): Calibration => ({
  id: 'c1',
  createdAt: '2026-01-01T00:00:00Z',
  initialPostureScore: 82,
  cranialVertebralAngle: 50,
  forwardHeadDistance: 80,
  shoulderTiltAngle: 2,
  headTiltAngle: 1,
  assessmentNotes: null,
  ...over,
});

describe('key metric status', () => {
  it('follows the thresholds of 5.2', () => {
    expect(metricStatus('cranialVertebralAngle', 44.9)).toBe('poor');
    expect(metricStatus('cranialVertebralAngle', 47)).toBe('warning');
    expect(metricStatus('cranialVertebralAngle', 48)).toBe('good');
    expect(metricStatus('forwardHeadDistance', 101)).toBe('poor');
    expect(metricStatus('forwardHeadDistance', 95)).toBe('warning');
    expect(metricStatus('forwardHeadDistance', 90)).toBe('good');
    expect(metricStatus('shoulderTiltAngle', 5.5)).toBe('warning');
    expect(metricStatus('headTiltAngle', -6)).toBe('warning');
    expect(metricStatus('headTiltAngle', 5)).toBe('good');
  });
});

describe('summary view model', () => {
  it('suggests a maintain goal when every metric is good', () => {
    const model = calibrationSummary(calibration());
    expect(model.postureScore).toBe(82);
    expect(model.visualBreakdown.keyMetrics.map((m) => m.status)).toEqual(['good', 'good', 'good', 'good']);
    expect(model.goalSuggestions.map((g) => g.id)).toEqual(['maintain']);
  });
  it('suggests one goal per issue and names them in the assessment', () => {
    const model = calibrationSummary(calibration({ cranialVertebralAngle: 43, shoulderTiltAngle: 7 }));
    expect(model.goalSuggestions.map((g) => g.id)).toEqual(['improve-cva', 'level-shoulders']);
    expect(model.visualBreakdown.overallAssessment).toMatch(/cranial vertebral angle, shoulder tilt/);
    expect(goalSuggestions([])).toHaveLength(1);
  });
  it('prefers the stored assessment notes and skips missing metrics', () => {
    const model = calibrationSummary(
      calibration({ assessmentNotes: 'Stored note', forwardHeadDistance: null }),
    );
    expect(model.visualBreakdown.overallAssessment).toBe('Stored note');
    expect(model.visualBreakdown.keyMetrics).toHaveLength(3);
  });
});

describe('wizard state machine', () => {
  const run = (...events: WizardEvent[]) => events.reduce(wizardReducer, initialWizard);
  const shot = (view: 'front' | 'left' | 'right'): WizardEvent => ({
    type: 'captured',
    view,
    dataUrl: `data:image/jpeg;base64,${view}`,
    capturedAt: '2026-01-01T00:00:00Z',
  });
  it('goes through the three views to UPLOADING and COMPLETED', () => {
    const uploading = run(
      { type: 'begin' },
      shot('front'),
      { type: 'accept' },
      shot('left'),
      { type: 'accept' },
      shot('right'),
      { type: 'accept' },
    );
    expect(uploading.step).toBe('UPLOADING');
    expect(Object.keys(uploading.photos)).toEqual(['front', 'left', 'right']);
    expect(wizardProgress(uploading.step)).toBe(3);
    expect(wizardReducer(uploading, { type: 'uploaded' }).step).toBe('COMPLETED');
  });
  it('retakes a preview at the matching capture and ignores captures of another view', () => {
    const preview = run({ type: 'begin' }, shot('front'), { type: 'accept' }, shot('left'));
    expect(preview.step).toBe('PREVIEW_LEFT');
    const retake = wizardReducer(preview, { type: 'retake' });
    expect(retake.step).toBe('CAPTURE_LEFT');
    expect(retake.photos.left).toBeUndefined();
    expect(wizardReducer(retake, shot('right')).step).toBe('CAPTURE_LEFT');
  });
  it('goes to ERROR on any failure and Try Again clears everything', () => {
    const failed = run({ type: 'begin' }, shot('front'), {
      type: 'fail',
      message: 'Failed to process photos: x',
    });
    expect(failed).toMatchObject({ step: 'ERROR', error: 'Failed to process photos: x' });
    expect(wizardReducer(failed, { type: 'tryAgain' })).toEqual(initialWizard);
  });
});
