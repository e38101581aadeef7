// The real side-view sets of real-media/ (each with its licence and SOURCE.md), with each photo's posture label read
// from the source's own file names (side-view-sitting) or given by eye (side-view-openposture, whose source has no
// labels). Shared by the side-view accuracy benchmark (bench/accuracy/side-view) and the vision service's regression
// test on the same photos (side-view-sitting only).
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import jpeg from 'jpeg-js';
import { REAL_MEDIA_DIR } from './real-media.ts';

export type PostureLabel =
  | 'upright'
  | 'slumped'
  | 'forward-head'
  | 'reclined'
  // The unseen set's other postures (side-view-openposture), listed with no goal: the trunk upright and the head
  // bent down; the head tipped back, the face up.
  | 'looking-down'
  | 'head-back';

export interface SidePhoto {
  file: string;
  path: string;
  label: PostureLabel;
  /** Tragus and C7 marked by eye on the photo (pixels of the photo as stored), when they were: the front notch of
   * the ear, and the base of the neck at the back where the neck's outline meets the upper back. */
  byHand?: { tragus: [number, number]; c7: [number, number] };
  /** The JPEG, when it is made from a file of real-media/ (a crop) instead of being that file. */
  jpeg?: () => Buffer;
  /** The way the person faces in the picture, when a set says it (its pairs are of the same side). */
  faces?: 'left' | 'right';
}

/** The CVA of a hand-marked photo (degrees), whichever way the person faces (the tragus is ahead of C7). */
export function handCva(m: NonNullable<SidePhoto['byHand']>): number {
  const forward = Math.abs(m.tragus[0] - m.c7[0]);
  return (Math.atan2(m.c7[1] - m.tragus[1], forward) * 180) / Math.PI;
}

export interface SideViewSet {
  name: string;
  photos: SidePhoto[];
  /** Same person, same side and camera: [good posture, poor posture] photo names. */
  pairs: [string, string][];
}

const media = (set: string, file: string) => join(REAL_MEDIA_DIR, set, file);

/** side-view-sitting: one man on a chair; `straight` and `kneeling` sit upright (kneeling: legs folded under, the
 * trunk upright), `hunchback` leans forward with a rounded back and the head forward, `recline` leans back. */
const sitting = (file: string): SidePhoto => ({
  file,
  ...(SITTING_BY_HAND[file] ? { byHand: SITTING_BY_HAND[file] } : {}),
  path: media('side-view-sitting', file),
  label: file.startsWith('hunchback') ? 'slumped' : file.startsWith('recline') ? 'reclined' : 'upright',
});

/** Marked on 2x enlargements with a 25 px grid, 2026-11-27 (kneeling_flip is kneeling's mirror image). The two
 * reclined photos with hands folded were not marked. */
const SITTING_BY_HAND: Record<string, SidePhoto['byHand']> = {
  'straight_flip.jpg': { tragus: [222, 212], c7: [155, 292] },
  'straight_hf.jpg': { tragus: [447, 192], c7: [500, 265] },
  'straight_hf_flip.jpg': { tragus: [252, 172], c7: [185, 255] },
  'kneeling.jpg': { tragus: [434, 207], c7: [502, 290] },
  'kneeling_flip.jpg': { tragus: [286, 207], c7: [218, 290] },
  'hunchback.jpg': { tragus: [310, 282], c7: [400, 287] },
  'hunchback_flip.jpg': { tragus: [367, 275], c7: [282, 295] },
  'hunchback_hf.jpg': { tragus: [245, 250], c7: [327, 272] },
  'hunchback_hf_flip.jpg': { tragus: [387, 260], c7: [305, 275] },
  'recline.jpg': { tragus: [557, 317], c7: [595, 385] },
  'recline_flip.jpg': { tragus: [127, 295], c7: [85, 370] },
};

/**
 * The hand-marked photo cut at the chest, as a webcam at arm's length or a phone held close frames a person: the
 * full width, from the top down to CHEST_CUT_BELOW_C7 pixels below the marked C7 (mid-chest: these photos show one
 * man at one distance, his tragus 75-85 px above C7 when upright; the hips, the forearms and the chair are out of
 * the picture). A fixed distance, not one scaled by the neck, so a hung head does not move the cut into the
 * shoulders. The hand marks move with the crop (its top is the photo's), so the hand-marked CVA is the same.
 */
export const CHEST_CUT_BELOW_C7 = 130;

function chestCut(photo: SidePhoto): SidePhoto {
  const marks = photo.byHand;
  if (!marks) throw new Error(`${photo.file} has no hand marks to cut at`);
  const bottom = marks.c7[1] + CHEST_CUT_BELOW_C7;
  return {
    ...photo,
    file: photo.file.replace('.jpg', '-chest.jpg'),
    jpeg: () => {
      const src = jpeg.decode(readFileSync(photo.path), { useTArray: true });
      const h = Math.min(bottom, src.height);
      const data = src.data.slice(0, src.width * h * 4);
      return Buffer.from(jpeg.encode({ width: src.width, height: h, data }, 92).data);
    },
  };
}

export const SIDE_VIEW_SETS: SideViewSet[] = [
  {
    name: 'side-view-sitting',
    photos: [
      'straight_flip.jpg',
      'straight_hf.jpg',
      'straight_hf_flip.jpg',
      'kneeling.jpg',
      'kneeling_flip.jpg',
      'hunchback.jpg',
      'hunchback_flip.jpg',
      'hunchback_hf.jpg',
      'hunchback_hf_flip.jpg',
      'recline.jpg',
      'recline_flip.jpg',
      'recline_hf.jpg',
      'recline_hf_flip.jpg',
    ].map(sitting),
    pairs: [
      ['straight_flip.jpg', 'hunchback_flip.jpg'],
      ['straight_hf.jpg', 'hunchback_hf.jpg'],
      ['straight_hf_flip.jpg', 'hunchback_hf_flip.jpg'],
    ],
  },
  {
    // Not new people: the same photos cut at the chest (chestCut), for the rule that measures photos without hips.
    name: 'side-view-sitting cut at the chest',
    photos: Object.keys(SITTING_BY_HAND).map((file) => chestCut(sitting(file))),
    pairs: [
      ['straight_flip-chest.jpg', 'hunchback_flip-chest.jpg'],
      ['straight_hf-chest.jpg', 'hunchback_hf-chest.jpg'],
      ['straight_hf_flip-chest.jpg', 'hunchback_hf_flip-chest.jpg'],
    ],
  },
];

/** side-view-openposture: one woman on a chair or a stool in a study room, iPhone photos shot from both sides
 * (real-media/side-view-openposture/SOURCE.md). The labels are ours, by eye (the source has none), kept as the
 * folder: upright/ sitting up, arms forward; forward/ the upper back rounded and the head forward (and down);
 * down/ the trunk upright and the head bent down; head-back/ the head tipped back, the face up; reclined/ leaning
 * back on the chair's or the stool's backrest (the head held up, bent forward or tipped back). */
const OPENPOSTURE_LABELS: Record<string, PostureLabel> = {
  upright: 'upright',
  forward: 'slumped',
  down: 'looking-down',
  'head-back': 'head-back',
  reclined: 'reclined',
};
const openposture = (file: string, faces: 'left' | 'right'): SidePhoto => ({
  file,
  path: media('side-view-openposture', file),
  label: OPENPOSTURE_LABELS[file.split('/')[0] as string] as PostureLabel,
  faces,
});

/**
 * Side-view sets of people no rule or threshold was chosen on (the trunk rule's C7 ratios, the CVA's range and
 * the one-person check were all fitted or checked on side-view-sitting). Kept out of SIDE_VIEW_SETS so that the
 * regression tests and the figures measured on it stay as they are: the side-view benchmark reports these on
 * their own, as the check on unseen people.
 */
export const UNSEEN_SIDE_VIEW_SETS: SideViewSet[] = [
  {
    name: 'side-view-openposture',
    photos: [
      ...(
        [
          'upright/OP33.jpg',
          'forward/OP10.jpg',
          'down/OP29.jpg',
          'head-back/OP20.jpg',
          'reclined/OP55.jpg',
        ] as const
      ).map((f) => openposture(f, 'left')),
      ...(
        [
          'upright/OP108.jpg',
          'forward/OP73.jpg',
          'forward/OP103.jpg',
          'head-back/OP95.jpg',
          'head-back/OP114.jpg',
          'reclined/OP123.jpg',
          'reclined/OP129.jpg',
          'reclined/OP141.jpg',
        ] as const
      ).map((f) => openposture(f, 'right')),
    ],
    // Upright against head forward with the back rounded, the same side to the camera (one session, one phone).
    pairs: [
      ['upright/OP33.jpg', 'forward/OP10.jpg'],
      ['upright/OP108.jpg', 'forward/OP73.jpg'],
      ['upright/OP108.jpg', 'forward/OP103.jpg'],
    ],
  },
];

/** Every real side-view photo of a person (each set's own files, not the crops made from them), as real-media/
 * paths: what a user sitting side on to the camera shows it. */
export function sideViewPhotoFiles(): string[] {
  return [...SIDE_VIEW_SETS, ...UNSEEN_SIDE_VIEW_SETS]
    .flatMap((set) => set.photos)
    .filter((p) => !p.jpeg)
    .map((p) => relative(REAL_MEDIA_DIR, p.path));
}

/** A photo of several real people (or, for a control, one), with how many are in it, counted by eye. */
export interface PeoplePhoto {
  file: string;
  path: string;
  people: number;
}

/** several-people: frames of two BSD-licensed demo videos (real-media/several-people/SOURCE.md): a man on a box
 * and a woman walking past (side views), and a lab where a woman, a man and sometimes a third person stand. */
export const SEVERAL_PEOPLE: PeoplePhoto[] = (
  [
    ['sports2d-demo-t1.0s.jpg', 1],
    ['sports2d-demo-t2.0s.jpg', 2],
    ['sports2d-demo-t2.5s.jpg', 2],
    ['sports2d-demo-t3.0s.jpg', 2],
    ['sports2d-demo-t3.5s.jpg', 2],
    ['sports2d-demo-t4.0s.jpg', 2],
    ...[1, 2].flatMap((cam) =>
      [10, 90].map((f) => [`pose2sim-multiperson-cam0${cam}-f${f}.jpg`, 3] as const),
    ),
    ...[3, 4].flatMap((cam) =>
      [10, 90].map((f) => [`pose2sim-multiperson-cam0${cam}-f${f}.jpg`, 2] as const),
    ),
  ] as [string, number][]
).map(([file, people]) => ({ file, path: media('several-people', file), people }));

/**
 * Real photos put side by side in one picture (JPEG), each at the height of the first, then the whole scaled to
 * `width` when given: several real people in one photo, as the same man photographed three times and pasted
 * into one picture was (accepted as one person when only faces were counted).
 */
export function sideBySide(paths: string[], width?: number): Buffer {
  const images = paths.map((p) => jpeg.decode(readFileSync(p), { useTArray: true }));
  const h = images[0]?.height ?? 0;
  const scaled = images.map((img) => ({ img, w: Math.round((img.width * h) / img.height) }));
  const total = scaled.reduce((s, x) => s + x.w, 0);
  const outW = width ?? total;
  const outH = Math.round((h * outW) / total);
  const data = new Uint8Array(outW * outH * 4);
  for (let y = 0; y < outH; y++)
    for (let x = 0; x < outW; x++) {
      // Nearest pixel of the strip at (x, y) of the output.
      let sx = (x * total) / outW;
      const sy = (y * h) / outH;
      let part = scaled[0];
      for (const s of scaled) {
        part = s;
        if (sx < s.w) break;
        sx -= s.w;
      }
      if (!part) continue;
      const { img, w } = part;
      const px = Math.min(img.width - 1, Math.floor((sx * img.width) / w));
      const py = Math.min(img.height - 1, Math.floor((sy * img.height) / h));
      const from = (py * img.width + px) * 4;
      data.set(img.data.subarray(from, from + 4), (y * outW + x) * 4);
    }
  return Buffer.from(jpeg.encode({ width: outW, height: outH, data }, 90).data);
}
