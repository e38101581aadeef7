// Which browser tabs are a call: the call apps that run in a tab, each with the sites it runs on (the match
// patterns of the optional host permissions the extension asks for when Quiet in calls is turned on) and the rule
// that tells a meeting from the app's other pages (a Meet tab on its home page is no call). Chrome gives an
// extension no "microphone in use" or "screen being shared" signal; a tab's address is what it can honestly see,
// once the user lets it see those sites' tabs. Calls in desktop apps are not seen (quiet hours cover them).

export interface CallApp {
  /** The app's name, for the docs and the settings' help. */
  name: string;
  /** Chrome match patterns of its sites (no port: patterns carry none). */
  patterns: string[];
  /** Whether a page of the app, by its address, is a meeting. */
  isMeeting(url: URL): boolean;
}

/** Path segments of the app's own pages, which are not rooms (Whereby, Jitsi: a room is any other first segment). */
const NOT_A_ROOM = new Set(['', 'user', 'login', 'signup', 'information', 'org', 'static', 'libs', 'images']);
const firstSegment = (url: URL) => url.pathname.split('/')[1] ?? '';

/**
 * The call apps seen. Each rule is the address its meetings have, not a guess from the site alone:
 * - Google Meet: a meeting code, three letters, four, three ("/abc-defg-hij"); the home page and the lobby of
 *   "new meeting" have none.
 * - Zoom: its web client, "/wc/…" (joining from the browser); other zoom.us pages hand over to the desktop app,
 *   which is not seen.
 * - Microsoft Teams: a meeting link ("/l/meetup-join/…", "/meet/…" on teams.live.com); a call started from a
 *   chat inside the Teams web app keeps the app's address and is not seen.
 * - Webex: its web meeting pages ("/meet/…", "/webappng/…", "/wbxmjs/…").
 * - Whereby and Jitsi Meet: a room is the first path segment ("/team-standup").
 */
export const CALL_APPS: CallApp[] = [
  {
    name: 'Google Meet',
    patterns: ['https://meet.google.com/*'],
    isMeeting: (url) => /^\/[a-z]{3}-[a-z]{4}-[a-z]{3}(\/|$)/.test(url.pathname),
  },
  {
    name: 'Zoom',
    patterns: ['https://*.zoom.us/*'],
    isMeeting: (url) => /^\/wc\//.test(url.pathname),
  },
  {
    name: 'Microsoft Teams',
    patterns: ['https://teams.microsoft.com/*', 'https://teams.live.com/*'],
    isMeeting: (url) => /^\/(l\/meetup-join|meet)\//.test(url.pathname),
  },
  {
    name: 'Webex',
    patterns: ['https://*.webex.com/*'],
    isMeeting: (url) => /^\/(meet|webappng|wbxmjs)\//.test(url.pathname),
  },
  {
    name: 'Whereby',
    patterns: ['https://whereby.com/*'],
    isMeeting: (url) => !NOT_A_ROOM.has(firstSegment(url)),
  },
  {
    name: 'Jitsi Meet',
    patterns: ['https://meet.jit.si/*'],
    isMeeting: (url) => !NOT_A_ROOM.has(firstSegment(url)),
  },
];

/**
 * The call apps of a build. A build for the browser tests names its own (VITE_CALL_APPS: comma-separated page
 * addresses, each a "call" under that address) instead of the real ones, which a test cannot reach: on the test's
 * own host (covered by the host permission the extension already has) asking for it resolves without a prompt; on
 * another (`localhost`) Chrome asks the user, which a test on a virtual screen answers. Unset or empty: the real
 * call apps.
 */
export function callAppsFrom(setting: string | undefined): CallApp[] {
  const prefixes = (setting ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => new URL(s));
  if (prefixes.length === 0) return CALL_APPS;
  return prefixes.map((prefix) => ({
    name: prefix.host,
    patterns: [`${prefix.protocol}//${prefix.hostname}/*`],
    isMeeting: (url) => url.origin === prefix.origin && url.pathname.startsWith(prefix.pathname),
  }));
}

/** Every site's match pattern: the optional host permissions to ask for, and the tabs to look at. */
export function callPatterns(apps: CallApp[]): string[] {
  return [...new Set(apps.flatMap((a) => a.patterns))];
}

/** Whether a site's address matches a Chrome match pattern (scheme, host with an optional "*." prefix; any path). */
function onSite(url: URL, pattern: string): boolean {
  const match = /^(https?):\/\/(\*\.)?([^/]+)\//.exec(pattern);
  if (!match) return false;
  const [, scheme, anySub, host] = match as unknown as [string, string, string | undefined, string];
  if (url.protocol !== `${scheme}:`) return false;
  return anySub ? url.hostname === host || url.hostname.endsWith(`.${host}`) : url.hostname === host;
}

/** The site of the first tab that is a meeting (its host, as the popup names it), or null when none is. */
export function callSite(apps: CallApp[], tabUrls: (string | undefined)[]): string | null {
  for (const address of tabUrls) {
    if (!address) continue;
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      continue;
    }
    if (apps.some((app) => app.patterns.some((p) => onSite(url, p)) && app.isMeeting(url))) return url.host;
  }
  return null;
}
