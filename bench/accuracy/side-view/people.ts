// The photo analysis' one-person check on real media: photos of one person must pass, photos of two or three
// people must be refused, whether or not their faces show. Each photo gets the whole-photo looks the wizard's
// photo call takes (vision photo/service.ts wholePhotoLooks: Human's faces and body, and the people model's
// bodies) and the check (checkOnePerson). Also printed: the scores the check's constants were chosen from (the
// strongest other body in photos of one person, the second person's in photos of several).
// Run from the repository root: node --import tsx bench/accuracy/side-view/people.ts
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { BodyDetection } from '../../../packages/detector/src/index.ts';
import {
  framedSideViewPhoto,
  knownCvaPhotos,
  personPhoto,
  roomPhoto,
} from '../../../packages/testkit/src/media.ts';
import { livePeople, REAL_MEDIA_DIR } from '../../../packages/testkit/src/real-media.ts';
import {
  SEVERAL_PEOPLE,
  SIDE_VIEW_SETS,
  sideBySide,
  UNSEEN_SIDE_VIEW_SETS,
} from '../../../packages/testkit/src/side-view-media.ts';
import { decodeJpeg } from '../../../packages/vision/src/engine/image.ts';
import { EnginePool } from '../../../packages/vision/src/engine/pool.ts';
import {
  checkOnePerson,
  countPeople,
  PERSON_PART_SCORE,
  PhotoError,
  wholePhotoLooks,
} from '../../../packages/vision/src/photo/service.ts';

interface Photo {
  name: string;
  group: string;
  jpeg: Uint8Array;
  people: number;
}

const photos: Photo[] = [];
const add = (group: string, name: string, jpeg: Uint8Array, people: number) =>
  photos.push({ group, name, jpeg, people });

const [sitting] = SIDE_VIEW_SETS;
if (!sitting) throw new Error('no real side-view set');
for (const p of sitting.photos) add('real side views (one man)', p.file, readFileSync(p.path), 1);
// The unseen side-view person (a woman in a study room with empty chairs and stools around her).
for (const set of UNSEEN_SIDE_VIEW_SETS)
  for (const p of set.photos)
    add(`real side views (${set.name}, one woman)`, p.file, readFileSync(p.path), 1);
for (const person of livePeople())
  for (const f of person.frames)
    add(`webcam ${person.set}`, f.file, readFileSync(`${REAL_MEDIA_DIR}${f.file}`), 1);
for (const n of [
  'woman',
  'woman-tilted',
  'woman-left',
  'woman-hand',
  'woman-facing',
  'woman-centre',
] as const) {
  add('composites', n, personPhoto(n), 1);
  add('composites', `room ${n}`, roomPhoto({ photo: n }), 1);
}
for (const k of knownCvaPhotos()) add('composites', `side CVA ${k.cva}`, k.photo.jpeg, 1);
add('composites', 'side view framed 640x480', framedSideViewPhoto({ up: 200, forward: 150 }, 640, 480), 1);
for (const p of SEVERAL_PEOPLE) add('several-people (real)', p.file, readFileSync(p.path), p.people);
const side = (f: string) => sitting.photos.find((p) => p.file === f)?.path as string;
add(
  'side views side by side (real)',
  'straight_hf + hunchback_hf',
  sideBySide([side('straight_hf.jpg'), side('hunchback_hf.jpg')]),
  2,
);
add(
  'side views side by side (real)',
  'straight_flip + hunchback + recline',
  sideBySide([side('straight_flip.jpg'), side('hunchback.jpg'), side('recline.jpg')]),
  3,
);
add(
  'side views side by side (real)',
  'kneeling + recline_flip, 960 px wide',
  sideBySide([side('kneeling.jpg'), side('recline_flip.jpg')], 960),
  2,
);
add('composites', 'group (two women, faces)', personPhoto('group'), 2);

const pool = new EnginePool(1);
await pool.ready;
const started = Date.now();

/** Intersection over union of two boxes (as the check measures it). */
function overlap(a: BodyDetection['box'], b: BodyDetection['box']): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  const inter = Math.max(0, w) * Math.max(0, h);
  const union = a.w * a.h + b.w * b.h - inter;
  return union > 0 ? inter / union : 0;
}
const partsSeen = (b: BodyDetection, names: string[]) =>
  names.filter((n) => (b.keypoints.find((k) => k.name === n)?.score ?? 0) >= PERSON_PART_SCORE).length;
const whole = (b: BodyDetection) =>
  partsSeen(b, ['leftShoulder', 'rightShoulder']) === 2 &&
  partsSeen(b, ['nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar']) >= 1;

interface Row extends Photo {
  verdict: 'one' | 'many (faces)' | 'many (bodies)' | 'nobody' | string;
  bodies: number;
  /** The scores of the people model's bodies after the first, strongest first; * for a head and both shoulders. */
  others: string;
  strongestOther: number;
  strongestWholeOther: number;
}
const rows: Row[] = [];
for (const photo of photos) {
  const rgb = await decodeJpeg(photo.jpeg);
  const { whole: d, people } = await wholePhotoLooks(pool, rgb, 'photo');
  let verdict: Row['verdict'] = 'one';
  try {
    checkOnePerson(d, 'photo', people);
  } catch (error) {
    if (!(error instanceof PhotoError)) throw error;
    verdict = /faces or not/.test(error.message)
      ? 'many (bodies)'
      : /More than one/.test(error.message)
        ? 'many (faces)'
        : 'nobody';
  }
  const rest = people.slice(1);
  rows.push({
    ...photo,
    verdict,
    bodies: countPeople(people),
    others: rest
      .filter((b) => b.score >= 0.1)
      .map(
        (b) =>
          `${b.score.toFixed(2)}${whole(b) ? '*' : ''} (overlap ${overlap(b.box, people[0]?.box ?? b.box).toFixed(2)})`,
      )
      .join(' '),
    strongestOther: Math.max(0, ...rest.map((b) => b.score)),
    strongestWholeOther: Math.max(0, ...rest.filter(whole).map((b) => b.score)),
  });
}

console.log(
  '| set | photos | people in each | passed as one | refused: faces | refused: bodies | no person |',
);
console.log('|---|---|---|---|---|---|---|');
for (const group of [...new Set(rows.map((r) => r.group))]) {
  const g = rows.filter((r) => r.group === group);
  const n = (v: string) => g.filter((r) => r.verdict === v).length;
  const counts = [...new Set(g.map((r) => r.people))].join(', ');
  console.log(
    `| ${group} | ${g.length} | ${counts} | ${n('one')} | ${n('many (faces)')} | ${n('many (bodies)')} | ${n('nobody')} |`,
  );
}
const single = rows.filter((r) => r.people === 1);
const worst = (key: 'strongestOther' | 'strongestWholeOther') =>
  single.reduce((m, r) => (r[key] > m[key] ? r : m), single[0] as Row);
const w1 = worst('strongestOther');
const w2 = worst('strongestWholeOther');
console.log(
  `\nPhotos of one person (${single.length}): strongest other body ${w1.strongestOther.toFixed(2)} (${w1.name}); with a head and both shoulders ${w2.strongestWholeOther.toFixed(2)} (${w2.name}).`,
);
console.log(
  "\nPhotos of several people (the people model's bodies after the first, their overlap with it; * head and both shoulders):\n",
);
console.log('| photo | people | verdict | bodies counted | other bodies |');
console.log('|---|---|---|---|---|');
for (const r of rows.filter((x) => x.people > 1))
  console.log(`| ${r.name} | ${r.people} | ${r.verdict} | ${r.bodies} | ${r.others} |`);
const wrongOnes = single.filter((r) => r.verdict !== 'one');
if (wrongOnes.length)
  console.log(
    `\nPhotos of one person not passed: ${wrongOnes.map((r) => `${r.name} (${r.verdict})`).join(', ')}`,
  );
console.log(
  `\n${rows.length} photos in ${((Date.now() - started) / 1000).toFixed(0)} s; ${cpus().length}× ${cpus()[0]?.model}, load ${loadavg()[0]?.toFixed(2)}; ${new Date().toISOString()}`,
);
await pool.close();
