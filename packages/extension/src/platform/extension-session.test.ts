import { describe, expect, it } from 'vitest';
import { openExtensionSession } from './extension-session';

const API = 'http://127.0.0.1:9';

function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return Response.json(body, { status });
  }) as typeof fetch;
  return { calls, doFetch };
}

describe("the extension's own device session", () => {
  it("is opened with the web app's one-time code, no bearer, and keeps the pair the API issued for it", async () => {
    const { calls, doFetch } = answering(201, {
      success: true,
      data: { access_token: 'a-extension', refresh_token: 'r-extension' },
    });
    expect(await openExtensionSession(API, 'code-1', doFetch)).toEqual({
      accessToken: 'a-extension',
      refreshToken: 'r-extension',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${API}/auth/sessions/extension`);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBeNull();
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ code: 'code-1' });
  });

  it('stays signed out when the API refuses the code (used or expired)', async () => {
    const { doFetch } = answering(401, {
      success: false,
      error: { message: 'Invalid or expired extension sign-in code.', details: [] },
    });
    expect(await openExtensionSession(API, 'code-used', doFetch)).toBeNull();
  });
});
