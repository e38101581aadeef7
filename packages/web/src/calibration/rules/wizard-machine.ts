// The photo calibration wizard's state machine.
import type { ViewType } from '@posture-vision/core';

export type WizardStep =
  | 'INSTRUCTIONS_START'
  | 'CAPTURE_FRONT'
  | 'PREVIEW_FRONT'
  | 'CAPTURE_LEFT'
  | 'PREVIEW_LEFT'
  | 'CAPTURE_RIGHT'
  | 'PREVIEW_RIGHT'
  | 'UPLOADING'
  | 'COMPLETED'
  | 'ERROR';

export interface WizardState {
  step: WizardStep;
  photos: Partial<Record<ViewType, { dataUrl: string; capturedAt: string }>>;
  error: string | null;
}

export type WizardEvent =
  | { type: 'begin' }
  | { type: 'captured'; view: ViewType; dataUrl: string; capturedAt: string }
  | { type: 'accept' }
  | { type: 'retake' }
  | { type: 'uploaded' }
  | { type: 'fail'; message: string }
  | { type: 'tryAgain' };

export const initialWizard: WizardState = { step: 'INSTRUCTIONS_START', photos: {}, error: null };

const CAPTURE_OF: Record<ViewType, WizardStep> = {
  front: 'CAPTURE_FRONT',
  left: 'CAPTURE_LEFT',
  right: 'CAPTURE_RIGHT',
};
const PREVIEW_OF: Record<ViewType, WizardStep> = {
  front: 'PREVIEW_FRONT',
  left: 'PREVIEW_LEFT',
  right: 'PREVIEW_RIGHT',
};
const AFTER_PREVIEW: Partial<Record<WizardStep, WizardStep>> = {
  PREVIEW_FRONT: 'CAPTURE_LEFT',
  PREVIEW_LEFT: 'CAPTURE_RIGHT',
  PREVIEW_RIGHT: 'UPLOADING',
};

/** The view a capture or preview step is about, else null. */
export function viewOf(step: WizardStep): ViewType | null {
  if (step.endsWith('FRONT')) return 'front';
  if (step.endsWith('LEFT')) return 'left';
  if (step.endsWith('RIGHT')) return 'right';
  return null;
}

export function isCaptureStep(step: WizardStep): boolean {
  return step.startsWith('CAPTURE_');
}

/** Progress over the three views: 1..3 during capture and preview, 3 once uploading. */
export function wizardProgress(step: WizardStep): number {
  const view = viewOf(step);
  if (view) return ['front', 'left', 'right'].indexOf(view) + 1;
  return step === 'UPLOADING' || step === 'COMPLETED' ? 3 : 0;
}

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'begin':
      return state.step === 'INSTRUCTIONS_START' ? { ...state, step: 'CAPTURE_FRONT', error: null } : state;
    case 'captured':
      if (state.step !== CAPTURE_OF[event.view]) return state;
      return {
        ...state,
        step: PREVIEW_OF[event.view],
        photos: { ...state.photos, [event.view]: { dataUrl: event.dataUrl, capturedAt: event.capturedAt } },
      };
    case 'accept': {
      const next = AFTER_PREVIEW[state.step];
      return next ? { ...state, step: next } : state;
    }
    case 'retake': {
      const view = viewOf(state.step);
      if (!view || isCaptureStep(state.step)) return state;
      const photos = { ...state.photos };
      delete photos[view];
      return { ...state, step: CAPTURE_OF[view], photos };
    }
    case 'uploaded':
      return state.step === 'UPLOADING' ? { ...state, step: 'COMPLETED' } : state;
    case 'fail':
      return { ...state, step: 'ERROR', error: event.message };
    case 'tryAgain':
      return initialWizard;
  }
}
