// The live sockets' contract between the live link (web app, extension) and the vision service: the
// subprotocol both speak, how the access token rides along, and the close codes
// with their reasons. Both sides import it from here, so a client and the service cannot disagree.

/** The subprotocol the live sockets speak. */
export const LIVE_SUBPROTOCOL = 'posture-vision.v1';
/** Browsers cannot set headers on a WebSocket: the access token rides in the subprotocol list as `access_token.<jwt>`. */
export const ACCESS_TOKEN_PROTOCOL_PREFIX = 'access_token.';

/** The service's closes: [code, reason]. */
export const LIVE_CLOSE = {
  /** The access token is invalid or expired: a client refreshes it once and reconnects. */
  invalidToken: [4001, 'Invalid or expired token'],
  /** An admin token, or a peer id that belongs to another user. */
  forbidden: [4003, 'Forbidden'],
  /** An anonymous peer used up the Free Tier. */
  freeTier: [4002, 'Free Tier limit reached'],
  /** A new peer beyond the service's live-peer cap. */
  busy: [4029, 'Server busy: too many live sessions'],
  /** An anonymous peer that received no video for a while (no offer, no media): its slot is given back. */
  idle: [4008, 'No video received: connection closed'],
  /** WebSocket's "Service Restart": the instance is draining; a client reconnects (through the balancer, to
   * another instance) with a fresh round of attempts. */
  restart: [1012, 'Service restarting: reconnect'],
} as const satisfies Record<string, readonly [number, string]>;

/** The service's close for an invalid or expired access token. */
export const INVALID_TOKEN_CLOSE_CODE = LIVE_CLOSE.invalidToken[0];
/** The service's close when an anonymous peer used up the Free Tier. */
export const FREE_TIER_CLOSE_CODE = LIVE_CLOSE.freeTier[0];
/** The service's close when a draining instance tells its peers to reconnect elsewhere. */
export const SERVICE_RESTART_CLOSE_CODE = LIVE_CLOSE.restart[0];
/** Close codes of the live sockets that mean the user must log in (1008: policy violation, from proxies). */
export const AUTH_CLOSE_CODES: readonly number[] = [1008, INVALID_TOKEN_CLOSE_CODE, LIVE_CLOSE.forbidden[0]];

export function isAuthCloseCode(code: number): boolean {
  return AUTH_CLOSE_CODES.includes(code);
}

/** The subprotocol list a client opens a live socket with. */
export function liveProtocols(token: string | null): string[] {
  return token ? [LIVE_SUBPROTOCOL, `${ACCESS_TOKEN_PROTOCOL_PREFIX}${token}`] : [LIVE_SUBPROTOCOL];
}

/** The access token out of a `Sec-WebSocket-Protocol` header, or null when none rides along. */
export function tokenFromProtocols(header: string | undefined): string | null {
  for (const p of (header ?? '').split(',')) {
    const value = p.trim();
    if (value.startsWith(ACCESS_TOKEN_PROTOCOL_PREFIX))
      return value.slice(ACCESS_TOKEN_PROTOCOL_PREFIX.length) || null;
  }
  return null;
}
