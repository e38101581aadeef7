import { describe, expect, it } from 'vitest';
import { PUBLIC_STUN_SERVER, resolveIceServers } from '../../src/live';

describe('ICE servers setting', () => {
  it('defaults to the given fallback (the public STUN server in the front ends)', () => {
    expect(resolveIceServers(undefined, [PUBLIC_STUN_SERVER])).toEqual([
      { urls: 'stun:stun.l.google.com:19302' },
    ]);
    expect(resolveIceServers('  ', [PUBLIC_STUN_SERVER])).toEqual([PUBLIC_STUN_SERVER]);
    expect(resolveIceServers(undefined)).toEqual([]);
  });

  it('takes none, comma-separated URLs or a JSON list with TURN credentials', () => {
    expect(resolveIceServers('none', [PUBLIC_STUN_SERVER])).toEqual([]);
    expect(resolveIceServers('stun:stun.example.com:3478, turn:turn.example.com:3478')).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: 'turn:turn.example.com:3478' },
    ]);
    const turn = [{ urls: ['turns:turn.example.com:5349'], username: 'u', credential: 'p' }];
    expect(resolveIceServers(JSON.stringify(turn))).toEqual(turn);
  });

  it('refuses a setting that is not ICE servers', () => {
    expect(() => resolveIceServers('http://turn.example.com')).toThrow(/not a stun:/);
    expect(() => resolveIceServers('[{"url":"stun:x"}]')).toThrow(/JSON array/);
  });
});
