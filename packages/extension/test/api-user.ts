// A signed-in user with an active calibration, made through the real API (mail read from its outbox).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedCalibration } from '@posture-vision/testkit/accounts';
import { personPhotoDataUrl } from '@posture-vision/testkit/media';
import type { RunningService } from '@posture-vision/testkit/services';

export interface TestUser {
  email: string;
  accessToken: string;
  refreshToken: string;
  calibrationId: string;
}

async function call(api: RunningService, path: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`${api.url}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const body = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

export function get(api: RunningService, path: string, token: string) {
  return call(api, path, { token });
}

export function post(api: RunningService, path: string, token: string, body: unknown) {
  return call(api, path, { method: 'POST', token, body: JSON.stringify(body) });
}

export function put(api: RunningService, path: string, token: string, body: unknown) {
  return call(api, path, { method: 'PUT', token, body: JSON.stringify(body) });
}

function verificationToken(api: RunningService, email: string): string {
  const outbox = join(api.dataDir, 'outbox');
  for (const name of readdirSync(outbox)) {
    const mail = JSON.parse(readFileSync(join(outbox, name), 'utf8')) as { to: string; links: string[] };
    const link = mail.to === email && mail.links.find((l) => l.includes('verify-email'));
    if (link) return new URL(link).searchParams.get('token') as string;
  }
  throw new Error(`no verification mail for ${email}`);
}

export async function createUser(api: RunningService): Promise<TestUser> {
  const email = `monitor-${Date.now()}@example.com`;
  const password = 'Str0ng!Passw0rd';
  await call(api, '/auth/register', {
    method: 'POST',
    body: JSON.stringify({
      firstName: 'Pat',
      lastName: 'Sitter',
      birthday: '1990-04-02',
      countryCode: '+1',
      contactNo: '5550100200',
      phone: '+15550100200',
      email,
      password,
      confirmPassword: password,
    }),
  });
  await call(api, '/auth/verify-email', {
    method: 'POST',
    body: JSON.stringify({ token: verificationToken(api, email) }),
  });
  const login = await call(api, '/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });
  const calibration = await seedCalibration(api.url, login.accessToken, personPhotoDataUrl('woman'));
  if (calibration.status !== 201) throw new Error(`POST /calibration: ${calibration.status}`);
  return {
    email,
    accessToken: login.accessToken,
    refreshToken: login.refreshToken,
    calibrationId: String(calibration.id),
  };
}

/**
 * The user's passive session, which the extension started (there must be exactly one), and the statuses of its
 * report's timeline: the feedback it sent, as the API stored it.
 */
export async function passiveSession(
  api: RunningService,
  user: TestUser,
): Promise<{ id: string; statuses(): Promise<string[]> }> {
  const history = await get(api, '/sessions/history', user.accessToken);
  const passive = (history.data as { id: string; mode: string }[]).filter((s) => s.mode === 'passive');
  if (passive.length !== 1) throw new Error(`expected one passive session, found ${passive.length}`);
  const id = (passive[0] as { id: string }).id;
  return {
    id,
    statuses: async () => {
      const report = await get(api, `/sessions/${id}/report`, user.accessToken);
      return (report.data.timeline as { postureStatus: string }[]).map((p) => p.postureStatus);
    },
  };
}
