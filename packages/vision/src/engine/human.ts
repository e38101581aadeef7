// Loads @vladmandic/human on the tfjs WASM backend with the models shipped inside its npm package
// (nothing is downloaded). Architecture page, section 5: load dist/human.node-wasm.js by file path
// (the exports map blocks the subpath), point wasmPath at the installed backend, register a file://
// handler (without tfjs-node, file URLs do not load) and check how many models actually loaded.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Human as HumanType } from '@vladmandic/human';

const require = createRequire(import.meta.url);
// Both packages' main entries live in their dist folder (their exports maps hide package.json).
const humanRoot = dirname(dirname(require.resolve('@vladmandic/human')));
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

export type Human = HumanType;
export type HumanModule = typeof import('@vladmandic/human');

export interface EngineOptions {
  body?: boolean;
  face?: boolean;
  hands?: boolean;
  emotion?: boolean;
  /** Faces to find (photo analysis looks for more than one to refuse group photos). */
  maxFaces?: number;
}

/** The models each option needs, so a missing file is caught at load time instead of giving empty results. */
function expectedModels(o: EngineOptions): string[] {
  const names: string[] = [];
  if (o.body) names.push('movenet');
  if (o.face) names.push('blazeface', 'facemesh', 'iris');
  if (o.emotion) names.push('emotion');
  if (o.hands) names.push('handtrack', 'handskeleton');
  return names;
}

export function engineConfig(o: EngineOptions): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: `${pathToFileURL(wasmDir).href}/`,
    wasmPlatformFetch: false,
    modelBasePath: `${pathToFileURL(join(humanRoot, 'models')).href}/`,
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: false },
    body: { enabled: !!o.body, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.1 },
    hand: {
      enabled: !!o.hands,
      maxDetected: 2,
      minConfidence: 0.3,
      detector: { modelPath: 'handtrack.json' },
      skeleton: { modelPath: 'handlandmark-lite.json' },
    },
    face: {
      enabled: !!o.face || !!o.emotion,
      detector: {
        modelPath: 'blazeface.json',
        maxDetected: o.maxFaces ?? 1,
        rotation: false,
        minConfidence: 0.3,
      },
      mesh: { enabled: !!o.face, modelPath: 'facemesh.json' },
      iris: { enabled: !!o.face, modelPath: 'iris.json' },
      attention: { enabled: false },
      emotion: { enabled: !!o.emotion, modelPath: 'emotion.json' },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  } as Partial<Config>;
}

export async function loadHuman(o: EngineOptions): Promise<Human> {
  const H = (await import(join(humanRoot, 'dist', 'human.node-wasm.js'))) as HumanModule & {
    default?: HumanModule;
  };
  const HumanClass = (H.Human ?? H.default?.Human) as unknown as new (c: Partial<Config>) => Human;
  const human = new HumanClass(engineConfig(o));
  const tf = human.tf as unknown as {
    io: {
      registerLoadRouter(f: (url: string | string[]) => unknown): void;
      fromMemory(artifacts: unknown): unknown;
    };
  };
  tf.io.registerLoadRouter((url) => {
    const u = Array.isArray(url) ? url[0] : url;
    if (typeof u !== 'string' || !u.startsWith('file://')) return null;
    const path = new URL(u).pathname;
    return {
      load: async () => {
        const json = JSON.parse(await readFile(path, 'utf8'));
        const weightsManifest = json.weightsManifest as { paths: string[]; weights: unknown[] }[];
        const buffers = await Promise.all(
          weightsManifest.flatMap((g) => g.paths.map((p) => readFile(join(dirname(path), p)))),
        );
        const total = Buffer.concat(buffers);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          weightSpecs: weightsManifest.flatMap((g) => g.weights),
          weightData: total.buffer.slice(total.byteOffset, total.byteOffset + total.byteLength),
        };
      },
    };
  });
  await human.init();
  await human.load();
  return human;
}

/** Human's load() does not throw for a missing model file, so compare what loaded with what was asked. */
export function missingModels(human: Human, o: EngineOptions): string[] {
  const loaded = new Set(human.models.loaded());
  return expectedModels(o).filter((name) => !loaded.has(name));
}
