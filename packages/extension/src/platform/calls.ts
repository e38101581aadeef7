// Whether a call is on, as far as this browser can say: a tab in a meeting of a call app (rules/call-apps.ts).
// Reading the tabs' addresses needs the call apps' sites as host permissions, optional ones the popup asks for when
// the user turns Quiet in calls on (a click: Chrome asks only from a user's gesture); without them no tab is seen.
import { CALL_APPS } from '../config';
import { type CallApp, callPatterns, callSite } from '../rules/call-apps';

const access = (apps: CallApp[]): chrome.permissions.Permissions => ({ origins: callPatterns(apps) });

/** Whether the user let the extension see the call apps' tabs in this browser. */
export function hasCallAccess(apps: CallApp[] = CALL_APPS): Promise<boolean> {
  return chrome.permissions.contains(access(apps));
}

/**
 * Asks the browser to let the extension see the call apps' tabs; true once it may. Must be called in a click's
 * handler, before anything is awaited (Chrome refuses a request without the user's gesture).
 */
export function requestCallAccess(apps: CallApp[] = CALL_APPS): Promise<boolean> {
  return chrome.permissions.request(access(apps));
}

/** The site of a tab in a meeting now, or null (none, or the tabs cannot be seen). */
export async function currentCallSite(apps: CallApp[] = CALL_APPS): Promise<string | null> {
  if (!(await hasCallAccess(apps).catch(() => false))) return null;
  // Only tabs of the call apps' sites are asked for; their addresses are readable with the host permissions.
  const tabs = await chrome.tabs.query({ url: callPatterns(apps) }).catch(() => []);
  return callSite(
    apps,
    tabs.map((t) => t.url),
  );
}
