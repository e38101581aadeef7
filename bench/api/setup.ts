import { createRequire } from 'node:module';
import { cpus, loadavg, totalmem } from 'node:os';
import { lastMailIn, registration } from '../../packages/testkit/src/accounts.ts';

const require = createRequire(new URL('../../packages/api/package.json', import.meta.url));

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
export const autocannon = require('autocannon') as (
  opts: Record<string, unknown>,
) => Promise<AutocannonResult>;

export const PASSWORD = 'Bench!Passw0rd';

/** One JSON call; a 4xx/5xx stops the benchmark with what the API said. */
export async function call(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export interface BenchUser {
  email: string;
  token: string;
  calibrationId: string;
  /** Starts an active session; its id. */
  startSession(): Promise<string>;
}

/**
 * Registers a user through `base`, follows the link from the mail outbox (the first of `outboxes` that has it:
 * one per API instance without SMTP), signs in and stores a calibration of three small photos.
 */
export async function benchUser(
  base: string,
  outboxes: string[],
  email = 'bench@example.com',
): Promise<BenchUser> {
  await call(
    `${base}/auth/register`,
    'POST',
    registration(email, {
      firstName: 'Bench',
      lastName: 'User',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  );
  const mail = lastMailIn(outboxes, email);
  if (!mail) throw new Error(`no mail to ${email} in ${outboxes.join(', ')}`);
  await fetch(mail.links[0] as string, { redirect: 'manual' });
  const token = (await call(`${base}/auth/login`, 'POST', { email, password: PASSWORD }))
    .accessToken as string;
  const jpeg = `data:image/jpeg;base64,${Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    Buffer.alloc(2000, 0x11),
    Buffer.from([0xff, 0xd9]),
  ]).toString('base64')}`;
  const calibration = await call(
    `${base}/calibration`,
    'POST',
    {
      photos: ['front', 'left', 'right'].map((viewType) => ({ viewType, photoUrl: jpeg })),
      processWithML: false,
      mlAnalysis: { overall_score: 70 },
    },
    token,
  );
  const calibrationId = calibration.data.id as string;
  return {
    email,
    token,
    calibrationId,
    startSession: async () =>
      (await call(`${base}/sessions/start`, 'POST', { mode: 'active', calibrationId }, token)).data
        .id as string,
  };
}

/** A table row: requests/s, p50, p99 and errors of one load. */
export function resultRow(name: string, r: AutocannonResult): string {
  return `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx + r.errors} |`;
}

/** Cores, memory, Node, the date and the load average now (the machine may be shared: say how busy it was). */
export function machineLine(): string {
  return (
    `${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, ` +
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`
  );
}
