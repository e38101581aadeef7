// The Node host of the detector (the vision service's workers, the detector's tests and benches): loads @vladmandic/human on the tfjs WASM backend with the models shipped
// inside its npm package (nothing is downloaded). Architecture page, section 5: load dist/human.node-wasm.js
// by file path (the exports map blocks the subpath), point wasmPath at the installed backend, read file://
// models through the detector's reader hook (without tfjs-node, file URLs do not load) and check how many
// models actually loaded. The configuration and model set are the detector's.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import { humanConfig, type ModuleSet, registerModelReader } from '../src/index.ts';

const require = createRequire(import.meta.url);
// Both packages' main entries live in their dist folder (their exports maps hide package.json).
const humanRoot = dirname(dirname(require.resolve('@vladmandic/human')));
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

export async function loadHuman(modules: ModuleSet): Promise<Human> {
  const H = (await import(join(humanRoot, 'dist', 'human.node-wasm.js'))) as {
    Human?: unknown;
    default?: { Human?: unknown };
  };
  const HumanClass = (H.Human ?? H.default?.Human) as new (c: Partial<Config>) => Human;
  const human = new HumanClass(
    humanConfig(modules, {
      wasmPath: `${pathToFileURL(wasmDir).href}/`,
      modelBasePath: `${pathToFileURL(join(humanRoot, 'models')).href}/`,
    }),
  );
  registerModelReader(human, 'file://', async (url) => new Uint8Array(await readFile(fileURLToPath(url))));
  await human.init();
  await human.load();
  return human;
}
