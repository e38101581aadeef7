import { createMemoryStorage } from '@posture-vision/core';
import { describe, expect, it } from 'vitest';
import { sharedRefreshFetch } from './shared-refresh';

const API = 'http://127.0.0.1:9';
const refreshInit = { method: 'POST', body: JSON.stringify({ refresh_token: 'r1' }) };

function recordingFetch() {
  const calls: string[] = [];
  const doFetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return Response.json({ success: true, data: { access_token: 'a-server', refresh_token: 'r-server' } });
  }) as typeof fetch;
  return { calls, doFetch };
}

describe('refresh shared with the web app', () => {
  it('uses the pair the web app handed over during the wait instead of presenting the used token', async () => {
    const storage = createMemoryStorage({ token: 'a1', refresh_token: 'r1' });
    const { calls, doFetch } = recordingFetch();
    const answer = sharedRefreshFetch(API, storage, doFetch, 2000)(`${API}/auth/refresh`, refreshInit);
    setTimeout(() => void storage.set('token', 'a2').then(() => storage.set('refresh_token', 'r2')), 300);
    expect(await (await answer).json()).toEqual({
      success: true,
      data: { access_token: 'a2', refresh_token: 'r2' },
    });
    expect(calls).toEqual([]);
  });

  it('refreshes itself when nothing was handed over', async () => {
    const storage = createMemoryStorage({ token: 'a1', refresh_token: 'r1' });
    const { calls, doFetch } = recordingFetch();
    const answer = await sharedRefreshFetch(API, storage, doFetch, 400)(`${API}/auth/refresh`, refreshInit);
    expect(calls).toEqual([`${API}/auth/refresh`]);
    expect((await answer.json()).data.refresh_token).toBe('r-server');
  });

  it('passes every other call straight through', async () => {
    const { calls, doFetch } = recordingFetch();
    await sharedRefreshFetch(API, createMemoryStorage(), doFetch)(`${API}/sessions/history`);
    expect(calls).toEqual([`${API}/sessions/history`]);
  });
});
