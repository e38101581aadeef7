// The Google callback rules (document 1, section 2).
export type GoogleCallbackOutcome =
  | { kind: 'signed-in'; accessToken: string; refreshToken: string }
  | { kind: 'failed'; to: string };

const first = (params: URLSearchParams, ...names: string[]): string | null => {
  for (const name of names) {
    const value = params.get(name);
    if (value) return value;
  }
  return null;
};

export function googleCallbackOutcome(params: URLSearchParams): GoogleCallbackOutcome {
  if (params.has('error')) return { kind: 'failed', to: '/login?error=google_auth_failed' };
  const accessToken = first(params, 'token', 'accessToken', 'access_token');
  const refreshToken = first(params, 'refreshToken', 'refresh_token');
  if (!accessToken || !refreshToken) return { kind: 'failed', to: '/login?error=oauth_incomplete' };
  return { kind: 'signed-in', accessToken, refreshToken };
}

export const OAUTH_PROCESSING_FAILED = '/login?error=oauth_processing_failed';
