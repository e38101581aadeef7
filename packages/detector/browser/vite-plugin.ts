// Build-time part of the browser host: puts the model files a mode needs (from @vladmandic/human's npm
// package) and tfjs's `.wasm` files (from @tensorflow/tfjs-backend-wasm) into the build under
// `detector/models/` and `detector/wasm/`, and serves the same paths from node_modules in the dev server.
// Nothing is fetched from a CDN at run time, and nothing beyond the listed modules is shipped.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ModuleSet, modelFiles } from '../src/models.ts';
import { ASSETS_DIR } from './client.ts';

const require = createRequire(import.meta.url);
const humanModels = join(dirname(dirname(require.resolve('@vladmandic/human'))), 'models');
const wasmDist = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));

/** tfjs-backend-wasm's builds: SIMD (every current browser), plain (no SIMD), threaded SIMD (only used in a
 * cross-origin isolated page). */
const WASM = {
  simd: 'tfjs-backend-wasm-simd.wasm',
  plain: 'tfjs-backend-wasm.wasm',
  threaded: 'tfjs-backend-wasm-threaded-simd.wasm',
};

export interface DetectorAssetsOptions {
  modules: ModuleSet;
  /** Ship the threaded build too (pages that may be cross-origin isolated). */
  threads?: boolean;
}

/** Relative output path → absolute source file. */
export function detectorAssetFiles(o: DetectorAssetsOptions): Map<string, string> {
  const files = new Map<string, string>();
  for (const json of modelFiles(o.modules)) {
    const path = join(humanModels, json);
    files.set(`${ASSETS_DIR}/models/${json}`, path);
    const manifest = JSON.parse(readFileSync(path, 'utf8')).weightsManifest as { paths: string[] }[];
    for (const bin of manifest.flatMap((g) => g.paths))
      files.set(`${ASSETS_DIR}/models/${bin}`, join(humanModels, bin));
  }
  const wasm = [WASM.simd, WASM.plain, ...(o.threads ? [WASM.threaded] : [])];
  for (const name of wasm) files.set(`${ASSETS_DIR}/wasm/${name}`, join(wasmDist, name));
  return files;
}

interface DevServer {
  middlewares: {
    use(
      fn: (
        req: { url?: string },
        res: { setHeader(k: string, v: string): void; end(b: Buffer): void },
        next: () => void,
      ) => void,
    ): void;
  };
}
interface EmitContext {
  emitFile(file: { type: 'asset'; fileName: string; source: Uint8Array }): string;
}

/** A Vite plugin (typed structurally so the detector does not depend on Vite). */
export function detectorAssets(o: DetectorAssetsOptions) {
  const files = detectorAssetFiles(o);
  return {
    name: 'posture-vision-detector-assets',
    configureServer(server: DevServer) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]?.replace(/^\/+/, '') ?? '';
        const source = files.get(path);
        if (!source || !existsSync(source)) return next();
        res.setHeader(
          'Content-Type',
          path.endsWith('.wasm')
            ? 'application/wasm'
            : path.endsWith('.json')
              ? 'application/json'
              : 'application/octet-stream',
        );
        res.end(readFileSync(source));
      });
    },
    generateBundle(this: EmitContext) {
      for (const [fileName, source] of files)
        this.emitFile({ type: 'asset', fileName, source: new Uint8Array(readFileSync(source)) });
    },
  };
}
