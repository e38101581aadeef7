// Starts the project's servers as real processes for integration and browser tests, each on a free port with
// its own temporary data directory, and stops them (and everything they started) afterwards.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testVisionSigningKey } from './measurement.ts';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningService {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  /** Kills the process group with a signal (SIGKILL: a crash) and waits for the exit; the data stays. */
  kill(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

interface StartOptions {
  /** Package folder under packages/, e.g. 'api'. */
  pkg: 'api' | 'vision' | 'web';
  /** The process's entry in its package folder (default src/main.ts). */
  entry?: string;
  /** The port to listen on (default: a free one). */
  port?: number;
  /** Environment variable that carries the port. */
  portVariable: string;
  /** Path probed until it answers 2xx. */
  healthPath: string;
  env?: Record<string, string | undefined>;
  dataDir?: string;
  /** The data directory is this start's own, removed at stop (default: when none was given). */
  ownsDataDir?: boolean;
  timeoutMs?: number;
}

async function startService(options: StartOptions): Promise<RunningService> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = options.ownsDataDir ?? !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), `pv-${options.pkg}-`));
  const entry = join(repoRoot, 'packages', options.pkg, options.entry ?? join('src', 'main.ts'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: join(repoRoot, 'packages', options.pkg),
    env: { ...process.env, DATA_DIR: dataDir, [options.portVariable]: String(port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on the shared 2-core machine under load (load average above 20 seen) the API's first start, tsx
  // compiling and the embedded database migrating, took over 60 s while a vision service loaded its models.
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.pkg} exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(url + options.healthPath);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      process.kill(-(child.pid as number), 'SIGKILL');
      throw new Error(`${options.pkg} did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    output: () => log,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-(child.pid as number), signal);
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-(child.pid as number), 'SIGTERM');
        const killed = setTimeout(() => process.kill(-(child.pid as number), 'SIGKILL'), 5000);
        await exited;
        clearTimeout(killed);
      }
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Where the embedded database templates are kept between test files and runs, one per fingerprint. */
const API_DATA_TEMPLATES = join(repoRoot, 'node_modules', '.cache', 'pv-api-data');

/**
 * What an API data directory made now would hold depends on the migrations and the PGlite that runs them: their
 * files and version are the template's fingerprint.
 */
function apiDataFingerprint(): string {
  const hash = createHash('sha256');
  const migrations = join(repoRoot, 'packages', 'api', 'drizzle');
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const rel = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), rel);
      else hash.update(rel).update(readFileSync(join(dir, entry.name)));
    }
  };
  walk(migrations, '');
  const pglite = join(repoRoot, 'packages', 'api', 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data directory whose embedded database is created and migrated (the API's `db:migrate`), made once for as
 * long as its fingerprint holds: creating the database (initdb in WebAssembly, then the migrations) was 4 s of
 * the API's 6 s start here, in every test file that starts one. Two files making it at once each make their own
 * and the first to finish names it.
 */
function apiDataTemplate(): string {
  const fingerprint = apiDataFingerprint();
  const dir = join(API_DATA_TEMPLATES, fingerprint);
  if (existsSync(join(dir, 'pglite', 'PG_VERSION'))) return dir;
  mkdirSync(API_DATA_TEMPLATES, { recursive: true });
  const making = mkdtempSync(join(API_DATA_TEMPLATES, 'making-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: making };
  delete env.DATABASE_URL;
  const run = spawnSync(process.execPath, ['--import', 'tsx', join('src', 'cli', 'migrate.ts')], {
    cwd: join(repoRoot, 'packages', 'api'),
    env,
    encoding: 'utf8',
  });
  try {
    if (run.status !== 0) throw new Error(`db:migrate failed (${run.status}):\n${run.stdout}${run.stderr}`);
    renameSync(making, dir);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(join(dir, 'pglite', 'PG_VERSION'))) throw error;
  }
  // Templates of older migrations are of no further use.
  for (const name of readdirSync(API_DATA_TEMPLATES))
    if (name !== fingerprint && !name.startsWith('making-'))
      rmSync(join(API_DATA_TEMPLATES, name), { recursive: true, force: true });
  return dir;
}

/**
 * A new data directory for the API, its embedded database already on the newest schema (a copy of the template):
 * what the API's first start would make, for a caller that prepares the directory before the API starts (an
 * admin account made with the API's CLI). The caller removes it.
 */
export function apiDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pv-api-'));
  cpSync(apiDataTemplate(), dir, { recursive: true });
  return dir;
}

/**
 * The API (packages/api/src/main.ts) on a free port: on the given data directory, else on a new one of its own
 * (apiDataDir, removed at stop) unless DATABASE_URL names a PostgreSQL server.
 */
export function startApi(
  env: Record<string, string | undefined> = {},
  dataDir?: string,
): Promise<RunningService> {
  // The default 180 s: the embedded database's start and migrations took over 60 s on the shared 2-core machine
  // at a load average above 20.
  return startService({
    pkg: 'api',
    portVariable: 'API_PORT',
    healthPath: '/health',
    env,
    dataDir: dataDir ?? (env.DATABASE_URL ? undefined : apiDataDir()),
    ownsDataDir: !dataDir,
  });
}

/**
 * The vision service (packages/vision/src/main.ts) on a free port; pass API_URL to verify tokens. It signs its
 * photo measurements with the test kit's key (measurement.ts) unless VISION_SIGNING_KEY is given.
 */
export async function startVision(env: Record<string, string | undefined> = {}): Promise<RunningService> {
  return startService({
    pkg: 'vision',
    portVariable: 'VISION_PORT',
    healthPath: '/model/realtime/health-check',
    env: { VISION_SIGNING_KEY: await testVisionSigningKey(), ...env },
  });
}

/**
 * The web app's production server (packages/web/server/main.ts) serving a build folder on 127.0.0.1:port, with
 * the app's settings given in `env` (VITE_API_URL, VITE_VISION_URL …: they win over the build's). The port is the
 * caller's, so the API can be told the app's origin before either starts.
 */
export function startWebServer(
  dist: string,
  port: number,
  env: Record<string, string | undefined> = {},
): Promise<RunningService> {
  return startService({
    pkg: 'web',
    entry: join('server', 'main.ts'),
    port,
    portVariable: 'WEB_PORT',
    healthPath: '/',
    env: { WEB_DIST: dist, WEB_HOST: '127.0.0.1', ...env },
  });
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function listening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function ensureListening(port: number, name: string, start: () => void): Promise<void> {
  if (await listening(port)) return;
  start();
  const deadline = Date.now() + 30_000;
  while (!(await listening(port))) {
    if (Date.now() > deadline)
      throw new Error(`${name} is not listening on 127.0.0.1:${port} and did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The machine's Redis at 127.0.0.1:6379, started (as the machine starts it, keeping nothing on disk) when down. */
export function ensureRedis(): Promise<void> {
  return ensureListening(6379, 'Redis', () => {
    spawnSync('redis-server', [
      '--daemonize',
      'yes',
      '--bind',
      '127.0.0.1',
      '-::1',
      '--port',
      '6379',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
  });
}

/** The machine's PostgreSQL at 127.0.0.1:5432, started with pg_ctlcluster when down. */
export function ensurePostgres(): Promise<void> {
  return ensureListening(5432, 'PostgreSQL', () => {
    const version = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : undefined;
    if (version) spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  });
}
