// Calibration summary rules (the view model and the key-metric statuses) and the wizard's state machine.
import type { Calibration } from '@posture-vision/core/api';
import { describe, expect, it } from 'vitest';
import { calibrationSummary } from '../../src/calibration/rules/summary-model.ts';
import {
  initialWizard,
  type WizardEvent,
  wizardProgress,
  wizardReducer,
} from '../../src/calibration/rules/wizard-machine.ts';

const calibration = (over: Partial<Calibration> = {}): Calibration => ({
  id: 'c1',
  createdAt: '2026-01-01T00:00:00Z',
  initialPostureScore: 82,
  cranialVertebralAngle: 50,
  forwardHeadDistance: 80,
  shoulderTiltAngle: 2,
  headTiltAngle: 1,
  assessmentNotes: null,
  mlProcessed: true,
  ...over,
});

describe('summary view model', () => {
  it('suggests the maintain goal when every metric is good', () => {
    const model = calibrationSummary(calibration());
    expect(model.postureScore).toBe(82);
    expect(model.visualBreakdown.keyMetrics.map((m) => m.status)).toEqual(['good', 'good', 'good', 'good']);
    expect(model.visualBreakdown.notMeasured).toEqual([]);
    expect(model.goalSuggestions.map((g) => g.id)).toEqual(['maintain']);
    expect(model.visualBreakdown.overallAssessment).toBe('Good posture: all key metrics are in range.');
  });
  it('names the metrics that are not good in the assessment, one goal each', () => {
    const model = calibrationSummary(
      calibration({ initialPostureScore: 55.4, cranialVertebralAngle: 43, shoulderTiltAngle: 7 }),
    );
    expect(model.postureScore).toBe(55);
    expect(model.goalSuggestions).toHaveLength(2);
    expect(model.visualBreakdown.overallAssessment).toBe(
      'Posture needs attention: watch your cranial vertebral angle, shoulder tilt.',
    );
  });
  it('prefers the stored assessment notes and skips missing metrics', () => {
    const model = calibrationSummary(
      calibration({ assessmentNotes: 'Stored note', forwardHeadDistance: null }),
    );
    expect(model.visualBreakdown.overallAssessment).toBe('Stored note');
    expect(model.visualBreakdown.keyMetrics).toHaveLength(3);
    expect(model.visualBreakdown.notMeasured).toEqual(['Forward Head Distance']);
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
