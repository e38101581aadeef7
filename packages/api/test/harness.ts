// Test harness: the real server in-process on an ephemeral loopback port, on PGlite or on a fresh database of
// the machine's PostgreSQL server (created per run, dropped afterwards), and a tiny HTTP client.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OutboxMail, outboxMails, registration, TEST_PASSWORD } from '@posture-vision/testkit/accounts';
import { createPostgresDatabase } from '@posture-vision/testkit/postgres';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type ApiConfig, loadConfig } from '../src/config.ts';
import { postureSessions } from '../src/db/schema.ts';
import { buildServer } from '../src/server.ts';
import { calibrationPhotos } from './images.ts';
import { measured } from './vision-double.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export const databases: DatabaseKind[] = ['pglite', 'postgres'];

/** Cheap argon2 and quiet logs for tests; production costs are in config.ts. */
export const TEST_ENV = {
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  API_LOG: 'off',
  RATE_LIMIT_MAX: '1000',
};

export { createPostgresDatabase };

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  config: ApiConfig;
  http: Http;
  close(): Promise<void>;
}

export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pv-api-test-'));
  const pg = kind === 'postgres' ? await createPostgresDatabase('pv_api_test') : undefined;
  // A copy of the migrated template (see global-setup.ts); the server still runs its migrations on it.
  if (kind === 'pglite') cpSync(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, DATABASE_URL: pg?.url, ...env });
  const app = await buildServer(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    url,
    dataDir,
    config,
    http: new Http(url),
    async close() {
      await app.close();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary response shapes
  body: any;
  headers: Headers;
}

export class Http {
  constructor(readonly url: string) {}

  async call(
    method: string,
    path: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      raw?: RequestInit['body'];
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RequestInit['body'] = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(this.url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers };
  }
  get(path: string, token?: string) {
    return this.call('GET', path, { token });
  }
  post(path: string, body?: unknown, token?: string) {
    return this.call('POST', path, { body: body ?? {}, token });
  }
  delete(path: string, token?: string) {
    return this.call('DELETE', path, { token });
  }
}

export type { OutboxMail };

export function outbox(dataDir: string): OutboxMail[] {
  return outboxMails(join(dataDir, 'outbox'));
}

export function lastMailTo(dataDir: string, to: string): OutboxMail {
  const mail = outbox(dataDir)
    .filter((m) => m.to === to)
    .at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export const PASSWORD = TEST_PASSWORD;
export { registration };

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export interface SignedIn {
  email: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers, follows the verification link from the outbox, and signs in. */
export async function signUp(server: TestServer, email = uniqueEmail()): Promise<SignedIn> {
  const reg = await server.http.post('/auth/register', registration(email));
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const link = lastMailTo(server.dataDir, email).links[0] as string;
  const verified = await fetch(link, { redirect: 'manual' });
  if (verified.status !== 302) throw new Error(`verify failed: ${verified.status}`);
  const login = await server.http.post('/auth/login', { email, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    email,
    userId: login.body.data.user.id,
    accessToken: login.body.accessToken,
    refreshToken: login.body.refreshToken,
  };
}

/** A POST over real HTTP from a chosen loopback address (Linux routes all of 127/8 locally). */
export function postFrom(url: string, localAddress: string, body: unknown) {
  return new Promise<{ status: number; body: { success: boolean; error?: { message: string } } }>(
    (resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = request(
        url,
        {
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    },
  );
}

/**
 * Moves a session's start back to `at`. A session cannot be started in the past through the API, and only time
 * inside a session counts in its report (sessions/report.ts), so a test that sends a backdated timeline starts
 * the session where that timeline begins.
 */
export async function startedAt(server: TestServer, sessionId: string, at: Date): Promise<void> {
  await server.app.ctx.db
    .update(postureSessions)
    .set({ startTime: at })
    .where(eq(postureSessions.id, sessionId));
}

/** One feedback of a backdated session: `t` seconds after its start. */
export interface BackdatedFeedback {
  t: number;
  status: 'good' | 'poor' | 'neutral';
  kind: 'change' | 'heartbeat';
}

/**
 * A new user with a measured calibration (the server's VISION_URL must be a vision double) and an active session
 * that started at `start`, its feedback sent as a client would have sent it then.
 */
export async function backdatedSession(
  server: TestServer,
  start: Date,
  feedback: BackdatedFeedback[],
): Promise<{ user: SignedIn; id: string; calibrationId: string }> {
  const user = await signUp(server);
  const photos = calibrationPhotos();
  const calibration = await server.http.post(
    '/calibration',
    { photos, processWithML: false, mlAnalysis: await measured(photos) },
    user.accessToken,
  );
  const calibrationId = calibration.body.data.id as string;
  const started = await server.http.post(
    '/sessions/start',
    { mode: 'active', calibrationId },
    user.accessToken,
  );
  const id = started.body.data.id as string;
  await startedAt(server, id, start);
  for (const f of feedback) {
    const sent = await server.http.post(
      `/sessions/${id}/feedback`,
      {
        postureStatus: f.status,
        timestamp: new Date(start.getTime() + f.t * 1000).toISOString(),
        details: { type: 'realtime', kind: f.kind },
      },
      user.accessToken,
    );
    if (sent.status !== 201) throw new Error(`feedback at ${f.t} s refused: ${JSON.stringify(sent.body)}`);
  }
  return { user, id, calibrationId };
}
