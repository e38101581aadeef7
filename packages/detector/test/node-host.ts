// A Node host for the detector's tests (the vision service's worker is the production one): Human's Node
// WASM build by file path, models from its npm package through the detector's reader hook, and frames of
// a real person from the testkit's clip maker.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type ClipPosture, writePersonClip } from '@posture-vision/testkit/media';
import type { Config, Human } from '@vladmandic/human';
import { humanConfig, type ModuleSet, registerModelReader } from '../src/index.ts';

const require = createRequire(import.meta.url);
const humanRoot = dirname(dirname(require.resolve('@vladmandic/human')));
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

export async function nodeHuman(modules: ModuleSet): Promise<Human> {
  const H = (await import(join(humanRoot, 'dist', 'human.node-wasm.js'))) as {
    default?: { Human?: unknown };
  };
  const HumanClass = ((H as { Human?: unknown }).Human ?? H.default?.Human) as new (
    c: Partial<Config>,
  ) => Human;
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

export const W = 640;
export const H = 480;

/** One I420 frame per posture, from the testkit's clip of a real person. */
export function clipFrames(postures: ClipPosture[]): Uint8Array[] {
  const dir = mkdtempSync(join(tmpdir(), 'pv-detector-'));
  const file = writePersonClip(
    join(dir, 'clip.y4m'),
    postures.map((posture) => ({ posture, seconds: 1 / 15 })),
  );
  const y4m = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  let at = y4m.indexOf('\n') + 1;
  return postures.map(() => {
    at += 'FRAME\n'.length;
    const frame = new Uint8Array(y4m.subarray(at, at + W * H * 1.5));
    at += W * H * 1.5;
    return frame;
  });
}
