import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../http/errors';
import { PHOTO_NEXT_STEPS, photoFailure } from './failures';

describe('photo analysis failures', () => {
  it("gives the service's reason and the photo it names, in the spec's form, with what to do next", () => {
    const body = {
      success: false,
      error: {
        message: 'More than one person detected in the image. Please take the photo alone.',
        details: [{ field: 'front_image', message: 'More than one person detected in the image.' }],
      },
    };
    expect(photoFailure(new ApiError('ML batch analysis error: 422', 422, body))).toEqual({
      message:
        'Failed to process photos: front photo: More than one person detected in the image. Please take the photo alone.',
      kind: 'manyPeople',
      nextStep: PHOTO_NEXT_STEPS.manyPeople,
    });
    expect(
      photoFailure(
        new ApiError('ML batch analysis error: 422', 422, { detail: 'No person detected in the image.' }),
      ),
    ).toMatchObject({
      message: 'Failed to process photos: No person detected in the image.',
      kind: 'noPerson',
    });
  });

  it('falls back to the status text, and says when the service did not answer', () => {
    expect(photoFailure(new ApiError('ML batch analysis error: 500', 500, ''))).toMatchObject({
      message: 'Failed to process photos: ML batch analysis error: 500',
      kind: 'other',
    });
    expect(photoFailure(new NetworkError('Failed to fetch'))).toMatchObject({
      message: 'Failed to process photos: Failed to fetch',
      kind: 'unreachable',
    });
  });
});
