// The extension's own device session: opened once with a one-time code the signed-in web app obtained and
// handed over (an access token alone no longer opens one), then refreshed by the extension alone.
// Sharing the web app's rotating refresh token made simultaneous refreshes revoke both.

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** POST /auth/sessions/extension with the web app's one-time code; null when the API refuses it. */
export async function openExtensionSession(
  apiUrl: string,
  handoffCode: string,
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<SessionTokens | null> {
  const response = await doFetch(`${apiUrl}/auth/sessions/extension`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: handoffCode }),
  });
  // A used or expired code (the web app hands over a new one on its next sign-in change) or a signed-out session.
  if (!response.ok) return null;
  const { data } = (await response.json()) as { data: { access_token: string; refresh_token: string } };
  return { accessToken: data.access_token, refreshToken: data.refresh_token };
}
