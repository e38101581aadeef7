// Starts a cluster on this machine: PostgreSQL database (created when missing), N API and M vision instances
// as processes sharing Redis, and HAProxy in front of them. Used by `npm run start:cluster` and the tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { type Backend, haproxyConfig, parseStats } from './haproxy.ts';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export interface ClusterOptions {
  apis: number;
  visions: number;
  /** The balancer's fronts (what the web app and extension call) and its stats page. */
  apiPort: number;
  visionPort: number;
  statsPort: number;
  /** Instance ports, one per instance. */
  apiPorts: number[];
  visionPorts: number[];
  /** The cluster's files: the HAProxy configuration, and one folder per instance (`api1`, `vision1` …) as each
   * would have on its own host. Nothing in them is shared: the signing key and uploaded files are in PostgreSQL,
   * counters and live peers in Redis. Each API instance's mail outbox (without SMTP_URL) is in its folder. */
  dataDir: string;
  /** A PostgreSQL database; else `database` is created (when missing) on the server of `postgresAdminUrl`. */
  databaseUrl?: string;
  database?: string;
  postgresAdminUrl?: string;
  redisUrl: string;
  redisPrefix?: string;
  /** More environment for every instance (tests lower the password-hash cost). */
  env?: Record<string, string>;
  /** Extra Node flags of the API instances (the benchmark's `--cpu-prof`, which NODE_OPTIONS does not take). */
  apiNodeArgs?: string[];
  /** Inference workers per vision instance (default one per core). */
  visionWorkers?: number;
  haproxy?: string;
  /** The web app's production server behind the balancer: its front port, one port per instance, and the
   * built app they serve (packages/web's build, made for the fronts' addresses). */
  web?: { port: number; instancePorts: number[]; dist: string };
  /** Each line an instance or HAProxy prints. */
  log?: (name: string, line: string) => void;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

export interface Cluster {
  apiUrl: string;
  visionUrl: string;
  visionWsUrl: string;
  /** The web app through the balancer, when the options asked for it. */
  webUrl: string | null;
  statsUrl: string;
  databaseUrl: string;
  dataDir: string;
  apis: Instance[];
  visions: Instance[];
  webs: Instance[];
  haproxy: Instance;
  /** HAProxy's view of each instance: `api/api1` → UP, DOWN … */
  serverStates(): Promise<Map<string, string>>;
  /** Resolves when HAProxy sees every named instance in the wanted state. */
  waitForStates(wanted: Record<string, string>, timeoutMs?: number): Promise<void>;
  /** SIGTERM to every process (vision instances drain), SIGKILL after a while. */
  stop(): Promise<void>;
}

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates the database when it is missing; returns its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`database name '${name}' must be lower-case letters, digits, _`);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const found = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found.length) await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

function launch(
  name: string,
  port: number,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  log?: (name: string, line: string) => void,
): Instance {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk) => {
      output += chunk;
      if (output.length > 200_000) output = output.slice(-100_000);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) log?.(name, line);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    // A missing binary (HAProxy not installed): say so instead of crashing the caller.
    child.once('error', (error) => {
      output += `${command}: ${error.message}\n`;
      resolve(-1);
    });
  });
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, exited, output: () => output };
}

async function waitReady(instance: Instance, path: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void instance.exited.then(() => {
    exited = true;
  });
  for (;;) {
    if (exited)
      throw new Error(`${instance.name} exited before it was ready:\n${instance.output().slice(-4000)}`);
    try {
      if ((await fetch(instance.url + path)).ok) return;
    } catch {}
    if (Date.now() > deadline)
      throw new Error(
        `${instance.name} was not ready in ${timeoutMs} ms:\n${instance.output().slice(-4000)}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopInstance(instance: Instance, timeoutMs = 15_000): Promise<void> {
  if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  const pid = instance.process.pid as number;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const killer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }, timeoutMs);
  await instance.exited;
  clearTimeout(killer);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const adminUrl = options.postgresAdminUrl ?? DEFAULT_ADMIN_URL;
  const databaseUrl =
    options.databaseUrl ?? (await ensureDatabase(adminUrl, options.database ?? 'posture_vision'));
  mkdirSync(options.dataDir, { recursive: true });
  const apiFront = `http://127.0.0.1:${options.apiPort}`;
  const visionFront = `http://127.0.0.1:${options.visionPort}`;
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redisUrl,
    ...(options.redisPrefix ? { REDIS_PREFIX: options.redisPrefix } : {}),
    // The balancer runs on this machine: believe its X-Forwarded-For (rate limits count per client address).
    TRUST_PROXY: '127.0.0.1',
    API_URL: apiFront,
    VISION_URL: visionFront,
    ...options.env,
  };
  const node = process.execPath;
  const entry = (pkg: string) => ['--import', 'tsx', join(repoRoot, 'packages', pkg, 'src', 'main.ts')];
  const startApi = (i: number) =>
    launch(
      `api${i + 1}`,
      options.apiPorts[i] as number,
      node,
      [...(options.apiNodeArgs ?? []), ...entry('api')],
      { ...shared, DATA_DIR: join(options.dataDir, `api${i + 1}`), API_PORT: String(options.apiPorts[i]) },
      join(repoRoot, 'packages', 'api'),
      options.log,
    );
  const startVision = (i: number) =>
    launch(
      `vision${i + 1}`,
      options.visionPorts[i] as number,
      node,
      entry('vision'),
      {
        ...shared,
        DATA_DIR: join(options.dataDir, `vision${i + 1}`),
        VISION_PORT: String(options.visionPorts[i]),
        ...(options.visionWorkers ? { VISION_WORKERS: String(options.visionWorkers) } : {}),
      },
      join(repoRoot, 'packages', 'vision'),
      options.log,
    );

  const startWeb = (i: number, web: NonNullable<ClusterOptions['web']>) =>
    launch(
      `web${i + 1}`,
      web.instancePorts[i] as number,
      node,
      ['--import', 'tsx', join(repoRoot, 'packages', 'web', 'server', 'main.ts')],
      { ...process.env, WEB_PORT: String(web.instancePorts[i]), WEB_HOST: '127.0.0.1', WEB_DIST: web.dist },
      join(repoRoot, 'packages', 'web'),
      options.log,
    );

  const apis: Instance[] = [];
  const visions: Instance[] = [];
  const webs: Instance[] = [];
  let haproxy: Instance | undefined;
  const stop = async () => {
    await Promise.all([...apis, ...visions, ...webs].map((i) => stopInstance(i)));
    if (haproxy) await stopInstance(haproxy, 3000);
  };
  try {
    // The first API instance alone: it applies the migrations and creates the signing key the others share (in
    // the database; instances starting together would agree on one key too, but not run migrations at once).
    apis.push(startApi(0));
    // Vision instances load their models meanwhile.
    for (let i = 0; i < options.visions; i++) visions.push(startVision(i));
    const web = options.web;
    if (web) for (let i = 0; i < web.instancePorts.length; i++) webs.push(startWeb(i, web));
    await waitReady(apis[0] as Instance, '/health/ready', 120_000);
    for (let i = 1; i < options.apis; i++) apis.push(startApi(i));
    await Promise.all([
      ...apis.map((a) => waitReady(a, '/health/ready', 120_000)),
      ...visions.map((v) => waitReady(v, '/health/ready', 240_000)),
      ...webs.map((w) => waitReady(w, '/', 60_000)),
    ]);

    const backend = (i: Instance): Backend => ({ name: i.name, host: '127.0.0.1', port: i.port });
    const configDir = join(options.dataDir, 'haproxy');
    mkdirSync(configDir, { recursive: true });
    const configFile = join(configDir, 'haproxy.cfg');
    writeFileSync(
      configFile,
      haproxyConfig({
        bind: '*',
        apiPort: options.apiPort,
        visionPort: options.visionPort,
        statsPort: options.statsPort,
        apis: apis.map(backend),
        visions: visions.map(backend),
        ...(options.web ? { webPort: options.web.port, webs: webs.map(backend) } : {}),
      }),
    );
    haproxy = launch(
      'haproxy',
      options.apiPort,
      options.haproxy ?? process.env.HAPROXY ?? '/usr/sbin/haproxy',
      ['-db', '-f', configFile],
      process.env,
      configDir,
      options.log,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const statsUrl = `http://127.0.0.1:${options.statsPort}/stats`;
  const serverStates = async () => parseStats(await (await fetch(`${statsUrl};csv`)).text());
  const waitForStates = async (wanted: Record<string, string>, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    let seen = new Map<string, string>();
    for (;;) {
      if (balancer.process.exitCode !== null)
        throw new Error(`HAProxy exited with ${balancer.process.exitCode}`);
      try {
        seen = await serverStates();
        if (Object.entries(wanted).every(([k, v]) => seen.get(k) === v)) return;
      } catch {}
      if (Date.now() > deadline)
        throw new Error(`HAProxy states ${JSON.stringify([...seen])}, wanted ${JSON.stringify(wanted)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const balancer = haproxy as Instance;
  const cluster: Cluster = {
    apiUrl: apiFront,
    visionUrl: visionFront,
    visionWsUrl: `ws://127.0.0.1:${options.visionPort}`,
    webUrl: options.web ? `http://127.0.0.1:${options.web.port}` : null,
    statsUrl,
    databaseUrl,
    dataDir: options.dataDir,
    apis,
    visions,
    webs,
    haproxy: balancer,
    serverStates,
    waitForStates,
    stop,
  };
  try {
    const up = Object.fromEntries([
      ...apis.map((a) => [`api/${a.name}`, 'UP']),
      ...visions.map((v) => [`vision/${v.name}`, 'UP']),
      ...webs.map((w) => [`web/${w.name}`, 'UP']),
    ]);
    await waitForStates(up);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${balancer.output().slice(-2000)}`);
  }
  return cluster;
}
