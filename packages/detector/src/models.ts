// The Human configuration and model set. Hosts say where the model and tfjs `.wasm` files are (a file URL
// in Node, the extension's or web app's own URLs in the browser); nothing is fetched from a CDN.
import type { Config, Human } from '@vladmandic/human';

/** What a detection may run. A host loads only the models of the modules it will ask for. */
export interface ModuleSet {
  /** MoveNet Lightning: the 17 body keypoints posture analysis needs. */
  body: boolean;
  /** BlazeFace with the face mesh and iris: face box, eye and mouth openness, head pitch. */
  face: boolean;
  /** HandTrack with hand landmarks. */
  hands: boolean;
  /** The emotion model (runs on the face BlazeFace finds). */
  emotion: boolean;
}

/** Model files (Human's `models/` folder, each a `.json` with a `.bin` beside it) by module. */
export const MODEL_FILES: Record<keyof ModuleSet, string[]> = {
  body: ['movenet-lightning.json'],
  face: ['blazeface.json', 'facemesh.json', 'iris.json'],
  hands: ['handtrack.json', 'handlandmark-lite.json'],
  emotion: ['blazeface.json', 'emotion.json'],
};

/** The model files a module set needs, for hosts that bundle only those. */
export function modelFiles(modules: ModuleSet): string[] {
  const files = (Object.keys(MODEL_FILES) as (keyof ModuleSet)[]).flatMap((m) =>
    modules[m] ? MODEL_FILES[m] : [],
  );
  return [...new Set(files)];
}

/** Human's names for the loaded models of each module, to check a load (Human's load() does not throw for a
 * missing file, it leaves the model out). */
const MODEL_NAMES: Record<keyof ModuleSet, string[]> = {
  body: ['movenet'],
  face: ['blazeface', 'facemesh', 'iris'],
  hands: ['handtrack', 'handskeleton'],
  emotion: ['blazeface', 'emotion'],
};

export function missingModels(human: Human, modules: ModuleSet): string[] {
  const loaded = new Set(human.models.loaded());
  const wanted = (Object.keys(MODEL_NAMES) as (keyof ModuleSet)[]).flatMap((m) =>
    modules[m] ? MODEL_NAMES[m] : [],
  );
  return [...new Set(wanted)].filter((name) => !loaded.has(name));
}

export interface HostPaths {
  /** Folder URL of the model files, ending in '/'. */
  modelBasePath: string;
  /** Folder URL of tfjs-backend-wasm's `.wasm` files, ending in '/'. */
  wasmPath: string;
}

/**
 * Human's configuration for a module set. Per frame the detector switches modules off and on within this
 * set (Human keeps the merged configuration), so it starts with every loaded module enabled.
 *
 * Face tracking: with `skipAllowed` Human runs BlazeFace only every `detector.skipTime` ms and otherwise
 * places the face mesh on the box the previous mesh found (its own video mode); that makes a body + face
 * frame cost little more than the body alone. Human allows skipping only when consecutive inputs differ
 * less than `cacheSensitivity`; the detector sets that per call (see detector.ts), never by image diff.
 * Body, hands and emotion never reuse a cached result (`skipFrames: 0`): the schedule decides their rate.
 */
export function humanConfig(
  modules: ModuleSet,
  paths: HostPaths,
  options: { maxFaces?: number; wasmThreads?: boolean } = {},
): Partial<Config> {
  const maxFaces = options.maxFaces ?? 1;
  return {
    backend: 'wasm',
    // tfjs picks its threaded WASM build whenever SharedArrayBuffer exists; outside a cross-origin isolated
    // page its blob workers are refused and detection hangs. Hosts say
    // whether threads may be used. Human applies these flags only once the backend has started, so a browser
    // host also sets the flag on Human's tfjs before init (browser/worker.ts).
    flags: options.wasmThreads ? {} : { WASM_HAS_MULTITHREAD_SUPPORT: false },
    wasmPath: paths.wasmPath,
    wasmPlatformFetch: false,
    modelBasePath: paths.modelBasePath,
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: false },
    body: {
      enabled: modules.body,
      modelPath: 'movenet-lightning.json',
      maxDetected: 1,
      minConfidence: BODY_MIN_CONFIDENCE,
      skipFrames: 0,
      skipTime: 0,
    },
    hand: {
      enabled: modules.hands,
      maxDetected: 2,
      minConfidence: 0.3,
      skipFrames: 0,
      skipTime: 0,
      detector: { modelPath: 'handtrack.json' },
      skeleton: { modelPath: 'handlandmark-lite.json' },
    },
    face: {
      enabled: modules.face || modules.emotion,
      detector: {
        modelPath: 'blazeface.json',
        maxDetected: maxFaces,
        rotation: false,
        minConfidence: 0.3,
        skipFrames: FACE_REDETECT_FRAMES,
        skipTime: FACE_REDETECT_MS,
      },
      mesh: { enabled: modules.face, modelPath: 'facemesh.json' },
      iris: { enabled: modules.face, modelPath: 'iris.json' },
      attention: { enabled: false },
      emotion: { enabled: modules.emotion, modelPath: 'emotion.json', skipFrames: 0, skipTime: 0 },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  } as Partial<Config>;
}

/** Body keypoints at or below this score are left out (x and y NaN): the model has not found the part. */
export const BODY_MIN_CONFIDENCE = 0.1;

/** While tracking, BlazeFace looks for the face afresh at least this often (ms) and every this many face
 * frames: the mesh follows a face that moves, and a lost track (mesh score too low) re-detects at once, so
 * the periodic pass only catches a second face or a drifted box. Human's own default is 2.5 s / 99 frames. */
export const FACE_REDETECT_MS = 2500;
export const FACE_REDETECT_FRAMES = 30;

/** The tfjs IO surface the file-loading hook needs. */
interface TfIo {
  io: { registerLoadRouter(f: (url: string | string[]) => unknown): void };
}

/**
 * Loads models through a host-given reader for URLs with the given prefix (e.g. `file://` in Node, where
 * tfjs without tfjs-node cannot load files). Browsers need none: tfjs fetches the bundled files itself.
 */
export function registerModelReader(
  human: Human,
  prefix: string,
  read: (url: string) => Promise<Uint8Array>,
): void {
  const tf = human.tf as unknown as TfIo;
  tf.io.registerLoadRouter((url) => {
    const u = Array.isArray(url) ? url[0] : url;
    if (typeof u !== 'string' || !u.startsWith(prefix)) return null;
    return {
      load: async () => {
        const json = JSON.parse(new TextDecoder().decode(await read(u)));
        const base = u.slice(0, u.lastIndexOf('/') + 1);
        const manifest = json.weightsManifest as { paths: string[]; weights: unknown[] }[];
        const parts = await Promise.all(manifest.flatMap((g) => g.paths.map((p) => read(base + p))));
        const total = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
        let offset = 0;
        for (const p of parts) {
          total.set(p, offset);
          offset += p.byteLength;
        }
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          weightSpecs: manifest.flatMap((g) => g.weights),
          weightData: total.buffer,
        };
      },
    };
  });
}
