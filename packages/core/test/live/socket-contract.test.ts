import { describe, expect, it } from 'vitest';
import {
  LIVE_CLOSE,
  LIVE_SUBPROTOCOL,
  liveProtocols,
  tokenFromProtocols,
} from '../../src/domain/live/socket-contract';

describe("live-socket contract (the vision service's sockets: token and close codes)", () => {
  it('carries the access token in the subprotocol list, and the service reads it back', () => {
    expect(liveProtocols(null)).toEqual([LIVE_SUBPROTOCOL]);
    const protocols = liveProtocols('a.b.c');
    expect(protocols).toEqual(['posture-vision.v1', 'access_token.a.b.c']);
    expect(tokenFromProtocols(protocols.join(', '))).toBe('a.b.c');
    expect(tokenFromProtocols(LIVE_SUBPROTOCOL)).toBeNull();
    expect(tokenFromProtocols('posture-vision.v1, access_token.')).toBeNull();
    expect(tokenFromProtocols(undefined)).toBeNull();
  });

  it('names each close with its code and reason', () => {
    expect(LIVE_CLOSE).toEqual({
      invalidToken: [4001, 'Invalid or expired token'],
      forbidden: [4003, 'Forbidden'],
      freeTier: [4002, 'Free Tier limit reached'],
      busy: [4029, 'Server busy: too many live sessions'],
      idle: [4008, 'No video received: connection closed'],
      restart: [1012, 'Service restarting: reconnect'],
    });
  });
});
