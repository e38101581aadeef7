// Vite plugins of the production build: every compressible file is written again next to itself as brotli
// (`.br`) and gzip (`.gz`), so the server sends them without compressing per request; and the build's
// `VITE_*` settings are written to `.build.json` (a dot file: never served), from which the server derives
// the content security policy that matches the addresses built into the app.
import { writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { SETTING_NAMES } from '../src/services/settings.ts';
import type { BuildSettings } from './headers.ts';

export const BUILD_INFO = '.build.json';

export interface BuildInfo {
  settings: BuildSettings;
  /** The inputs' fingerprint when the build was made (see inputs.ts); absent when built by hand. */
  inputs?: string;
}

/** Text and WebAssembly compress well; images and the zip are compressed already. Model weights (.bin) are
 * floats and shrink by under 10 %, which the check below leaves uncompressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|map|bin)$/;
/** A variant is kept only when it saves at least this share: below it, the decompression is not worth it. */
const MIN_SAVING = 0.1;
/** Brotli's best quality takes about 2 s per MB; on the model weights (15 MB) quality 6 gave within 0.1 % of
 * its size in a fraction of the time (measured on this build's models), so large files get quality 6. */
const LARGE = 512 * 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'posture-vision-precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    // Each file is compressed on libuv's thread pool, all at once, so a build uses every core for it (about half
    // the time of one file after another on 2 cores).
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName);
          const raw = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: raw.length > LARGE ? 6 : constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzipped(raw, { level: 9 }),
          ]);
          if (br.length <= raw.length * (1 - MIN_SAVING)) await writeFile(`${path}.br`, br);
          if (gz.length <= raw.length * (1 - MIN_SAVING)) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export function buildInfo(inputs = process.env.PV_WEB_BUILD_INPUTS): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'posture-vision-build-info',
    apply: 'build',
    configResolved(resolved: ResolvedConfig) {
      config = resolved;
    },
    writeBundle() {
      if (!config) return;
      const settings: BuildSettings = {};
      for (const name of SETTING_NAMES) {
        const value = config.env[name];
        if (typeof value === 'string' && value.trim()) settings[name] = value;
      }
      const info: BuildInfo = { settings, ...(inputs ? { inputs } : {}) };
      const outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
      writeFileSync(join(outDir, BUILD_INFO), `${JSON.stringify(info, null, 2)}\n`);
    },
  };
}
