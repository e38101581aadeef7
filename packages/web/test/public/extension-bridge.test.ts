// The web app's side of the extension bridge: the extension is signed in with a one-time code the web
// app asks the API for, never with one of the web app's tokens; asked again only when the account changes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/dom.ts';

installDom();

/** An access token's shape, with the claims the bridge reads (it never verifies them). */
const token = (sub: string, n = 0) => `h.${Buffer.from(JSON.stringify({ sub, n })).toString('base64url')}.s`;

let stop: () => void = () => {};
let posted: unknown[];

beforeEach(() => {
  localStorage.clear();
  posted = [];
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
    posted.push(message);
  });
});
afterEach(() => {
  stop();
  vi.restoreAllMocks();
});

async function start(codes: (string | null)[]) {
  const { startExtensionBridge } = await import('../../src/extension-bridge');
  const requestCode = vi.fn(async () => codes.shift() ?? null);
  stop = startExtensionBridge(requestCode, window);
  // The content script announces itself, as the extension does on the web app's pages.
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { source: 'posture-vision-extension', type: 'announce', version: '1.0.0' },
      origin: window.location.origin,
      source: window,
    }),
  );
  return requestCode;
}

const sessions = () => posted.filter((m) => (m as { type?: string }).type === 'session');

describe('extension bridge (web app side)', () => {
  it('hands over a one-time code when signed in, and no token', async () => {
    localStorage.setItem('token', token('user-1'));
    const requestCode = await start(['code-1']);
    await vi.waitFor(() => expect(sessions()).toHaveLength(1));
    expect(sessions()[0]).toEqual({ source: 'posture-vision-web', type: 'session', handoffCode: 'code-1' });
    expect(requestCode).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(posted)).not.toContain(token('user-1'));
  });

  it('asks again when the account changes, not when the same account refreshes its token; null on sign-out', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', token('user-1'));
    const requestCode = await start(['code-1', 'code-2']);
    await vi.waitFor(() => expect(sessions()).toHaveLength(1));
    localStorage.setItem('token', token('user-1', 1));
    await vi.advanceTimersByTimeAsync(3000);
    expect(requestCode).toHaveBeenCalledTimes(1);
    localStorage.removeItem('token');
    await vi.advanceTimersByTimeAsync(1500);
    expect(sessions().at(-1)).toEqual({ source: 'posture-vision-web', type: 'session', handoffCode: null });
    localStorage.setItem('token', token('user-2'));
    await vi.advanceTimersByTimeAsync(1500);
    expect(requestCode).toHaveBeenCalledTimes(2);
    expect(sessions().at(-1)).toMatchObject({ handoffCode: 'code-2' });
    vi.useRealTimers();
  });

  it('after a refusal, asks again only once the token has changed', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', token('user-1'));
    const requestCode = await start([null, 'code-after-refresh']);
    await vi.advanceTimersByTimeAsync(5000);
    expect(requestCode).toHaveBeenCalledTimes(1);
    expect(sessions()).toEqual([]);
    localStorage.setItem('token', token('user-1', 1));
    await vi.advanceTimersByTimeAsync(1500);
    expect(requestCode).toHaveBeenCalledTimes(2);
    expect(sessions().at(-1)).toMatchObject({ handoffCode: 'code-after-refresh' });
    vi.useRealTimers();
  });
});
