// The extension's own device session: opened once from the web app's access token, then refreshed by the
// extension alone. Sharing the web app's rotating refresh token made simultaneous refreshes revoke both.

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** POST /auth/sessions/extension with the web app's access token; null when the API refuses it. */
export async function openExtensionSession(
  apiUrl: string,
  webAccessToken: string,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<SessionTokens | null> {
  const response = await doFetch(`${apiUrl}/auth/sessions/extension`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${webAccessToken}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  // A stale web token (the web app refreshes it shortly and hands over the new one) or a signed-out session.
  if (!response.ok) return null;
  const { data } = (await response.json()) as { data: { access_token: string; refresh_token: string } };
  return { accessToken: data.access_token, refreshToken: data.refresh_token };
}
