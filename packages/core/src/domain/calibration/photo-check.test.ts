import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../http/errors';
import { PHOTO_CHECK_MESSAGES, photoCheck, photoCheckFailure } from './photo-check';

describe('checking one photo as it is taken', () => {
  it('says what a side photo measured, with its status, a low CVA included', () => {
    expect(
      photoCheck('left', { metrics: { cranial_vertebral_angle: 52.34, forward_head_distance: 78 } }),
    ).toEqual({ state: 'measured', message: 'Measured: cranial vertebral angle 52.3° (good).' });
    const low = photoCheck('right', {
      metrics: { cranial_vertebral_angle: 12 },
      not_measurable: 'The forward head distance is not given: the head hangs too low.',
    });
    expect(low.state).toBe('partly');
    expect(low.message).toBe(
      'Measured: cranial vertebral angle 12.0° (poor). The forward head distance is not given: the head hangs too low.',
    );
  });

  it('asks to retake a side photo without a CVA alone, saying why', () => {
    const frontal = photoCheck('left', {
      metrics: {},
      not_measurable: 'Not measurable from this view: the photo shows the person from the front.',
    });
    expect(frontal).toEqual({
      state: 'retake',
      message: `Not measurable from this view: the photo shows the person from the front. ${PHOTO_CHECK_MESSAGES.retake}`,
    });
  });

  it('lets a front photo go on with one tilt, and asks to retake one with none', () => {
    expect(
      photoCheck('front', { metrics: { head_tilt_angle: 3 }, not_measurable: 'A shoulder was hidden.' }),
    ).toEqual({ state: 'partly', message: 'Measured: head tilt 3.0°. A shoulder was hidden.' });
    expect(photoCheck('front', { metrics: {} }).state).toBe('retake');
  });

  it("asks to retake a photo the service refused, with the service's reason; a service out of reach is no reason to retake", () => {
    const refused = photoCheckFailure(
      new ApiError('ML analysis error: 422', 422, {
        success: false,
        error: { message: 'More than one person detected in the image. Please take the photo alone.' },
      }),
    );
    expect(refused).toEqual({
      state: 'retake',
      message: `More than one person detected in the image. Please take the photo alone. ${PHOTO_CHECK_MESSAGES.retake}`,
    });
    expect(photoCheckFailure(new NetworkError('Failed to fetch')).state).toBe('unchecked');
    expect(photoCheckFailure(new ApiError('ML analysis error: 503', 503, null)).state).toBe('unchecked');
  });
});
