// ICE servers of the live tool's peer connection. The specification: "The video goes over a peer connection with a
// public STUN server." STUN lets a browser behind NAT learn its public address; where NAT is symmetric or UDP is
// blocked only a TURN relay gets the video through (README: "Live video across networks").

/** RTCIceServer's shape, named here so Node hosts without DOM types (the vision service) can use it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** The public STUN server the front ends use when nothing else is set. */
export const PUBLIC_STUN_SERVER: IceServer = { urls: 'stun:stun.l.google.com:19302' };

/**
 * ICE servers from a setting (VITE_ICE_SERVERS in the front ends, VISION_ICE_SERVERS in the vision service):
 * - unset or blank: `fallback`;
 * - `none`: no servers (one machine or one LAN, where host candidates suffice);
 * - a JSON array of RTCIceServer objects, for TURN with credentials:
 *   `[{"urls":"turn:turn.example.com:3478","username":"u","credential":"p"}]`;
 * - else comma-separated URLs: `stun:stun.example.com:3478,turn:turn.example.com:3478`.
 * A setting that is none of these throws, so a typo fails at start instead of silently breaking live video.
 */
export function resolveIceServers(
  setting: string | null | undefined,
  fallback: IceServer[] = [],
): IceServer[] {
  const text = setting?.trim();
  if (!text) return fallback;
  if (text.toLowerCase() === 'none') return [];
  if (text.startsWith('[')) {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || !parsed.every(isIceServer))
      throw new Error('ICE servers: expected a JSON array of {urls, username?, credential?}');
    return parsed;
  }
  const urls = text
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const bad = urls.find((u) => !/^(stun|stuns|turn|turns):/i.test(u));
  if (bad) throw new Error(`ICE servers: "${bad}" is not a stun:, stuns:, turn: or turns: URL`);
  return urls.map((u) => ({ urls: u }));
}

function isIceServer(value: unknown): value is IceServer {
  if (typeof value !== 'object' || value === null) return false;
  const { urls } = value as { urls?: unknown };
  return typeof urls === 'string' || (Array.isArray(urls) && urls.every((u) => typeof u === 'string'));
}
