import { describe, expect, it } from 'vitest';
import { CALL_APPS, callAppsFrom, callPatterns, callSite } from './call-apps';

describe('call apps', () => {
  it('see a meeting by its address, not the app’s other pages', () => {
    const meeting = (url: string) => callSite(CALL_APPS, [url]);
    expect(meeting('https://meet.google.com/abc-defg-hij')).toBe('meet.google.com');
    expect(meeting('https://meet.google.com/abc-defg-hij?authuser=1')).toBe('meet.google.com');
    expect(meeting('https://meet.google.com/')).toBeNull();
    expect(meeting('https://meet.google.com/landing')).toBeNull();
    expect(meeting('https://app.zoom.us/wc/81234567890/join')).toBe('app.zoom.us');
    expect(meeting('https://us02web.zoom.us/j/81234567890')).toBeNull();
    expect(meeting('https://teams.microsoft.com/l/meetup-join/19%3ameeting_x/0')).toBe('teams.microsoft.com');
    expect(meeting('https://teams.live.com/meet/9312345')).toBe('teams.live.com');
    expect(meeting('https://teams.microsoft.com/v2/')).toBeNull();
    expect(meeting('https://acme.webex.com/meet/jane')).toBe('acme.webex.com');
    expect(meeting('https://whereby.com/team-standup')).toBe('whereby.com');
    expect(meeting('https://whereby.com/')).toBeNull();
    expect(meeting('https://whereby.com/user')).toBeNull();
    expect(meeting('https://meet.jit.si/WeeklyReview')).toBe('meet.jit.si');
    expect(meeting('https://meet.jit.si/')).toBeNull();
  });

  it('see only their own sites: a look-alike host or another scheme is no call', () => {
    expect(callSite(CALL_APPS, ['https://meet.google.com.example/abc-defg-hij'])).toBeNull();
    expect(callSite(CALL_APPS, ['https://evilzoom.us/wc/1/join'])).toBeNull();
    expect(callSite(CALL_APPS, ['http://meet.google.com/abc-defg-hij'])).toBeNull();
    expect(callSite(CALL_APPS, [undefined, 'not a url', 'https://example.com/abc-defg-hij'])).toBeNull();
  });

  it('name the first meeting among the tabs', () => {
    expect(
      callSite(CALL_APPS, ['https://example.com/', 'https://meet.jit.si/Standup', 'https://whereby.com/x']),
    ).toBe('meet.jit.si');
  });

  it('ask for each site once, https only', () => {
    const patterns = callPatterns(CALL_APPS);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns.every((p) => p.startsWith('https://'))).toBe(true);
    expect(patterns).toContain('https://meet.google.com/*');
  });

  it('are the real ones unless a test build names its own pages, which replace them', () => {
    expect(callAppsFrom(undefined)).toBe(CALL_APPS);
    expect(callAppsFrom('')).toBe(CALL_APPS);
    const test = callAppsFrom('http://127.0.0.1:4100/call/');
    expect(callPatterns(test)).toEqual(['http://127.0.0.1/*']);
    expect(callSite(test, ['http://127.0.0.1:4100/call/room'])).toBe('127.0.0.1:4100');
    // Another port on the same host (the web app, say) is not that call page.
    expect(callSite(test, ['http://127.0.0.1:5173/call/room'])).toBeNull();
    expect(callSite(test, ['http://127.0.0.1:4100/other'])).toBeNull();
  });
});
