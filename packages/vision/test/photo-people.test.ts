// The one-person check on real photos, as the wizard's photo call makes it (analyzePhoto): photos of two or three
// real people are refused even where their faces do not show (side views, a back turned), and a real photo of one
// person is not. The media: testkit side-view-media.ts (several-people, BSD-3; the real side views, MIT).
import { readFileSync } from 'node:fs';
import { SEVERAL_PEOPLE, SIDE_VIEW_SETS, sideBySide } from '@posture-vision/testkit/side-view-media';
import { describe, expect, it } from 'vitest';
import { analyzePhoto, PhotoError } from '../src/photo/service.ts';
import { useEngine } from './engine.ts';

const engine = useEngine();

const several = (file: string) => {
  const photo = SEVERAL_PEOPLE.find((p) => p.file === file);
  if (!photo) throw new Error(`${file} is not in several-people`);
  return readFileSync(photo.path);
};
const side = (file: string) => {
  const photo = SIDE_VIEW_SETS[0]?.photos.find((p) => p.file === file);
  if (!photo) throw new Error(`${file} is not in the real side views`);
  return photo.path;
};

/** The photo call's refusal of a photo, or null when it was measured. */
async function refusal(jpeg: Uint8Array, view: 'front' | 'left'): Promise<PhotoError | null> {
  try {
    await analyzePhoto(engine.pool, jpeg, view, `${view}_image`);
    return null;
  } catch (error) {
    if (error instanceof PhotoError) return error;
    throw error;
  }
}

describe('one person per photo, counted by bodies (real photos)', () => {
  it('refuses a side view of two people walking and standing, whose faces the camera does not face', async () => {
    const refused = await refusal(several('sports2d-demo-t2.0s.jpg'), 'left');
    expect(refused?.message).toMatch(/^More than one person detected in the image: 2 people seen/);
  }, 60_000);

  it('refuses a photo of three people, one with her back to the camera', async () => {
    const refused = await refusal(several('pose2sim-multiperson-cam01-f10.jpg'), 'front');
    expect(refused?.message).toMatch(/^More than one person detected in the image/);
  }, 60_000);

  it('refuses the same man photographed twice from the side and put in one picture', async () => {
    const twice = sideBySide([side('straight_hf.jpg'), side('hunchback_hf.jpg')]);
    const refused = await refusal(twice, 'left');
    expect(refused?.message).toMatch(/^More than one person detected in the image: 2 people seen/);
  }, 60_000);

  it('does not refuse a real photo of one person as several', async () => {
    for (const jpeg of [several('sports2d-demo-t1.0s.jpg'), readFileSync(side('recline_hf.jpg'))]) {
      const refused = await refusal(jpeg, 'left');
      expect(refused?.message ?? '').not.toMatch(/More than one person/);
    }
  }, 60_000);
});
