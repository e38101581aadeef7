// What leaving the page mid-session does: a click on another page of the app and a reload or close are asked about
// first (leaving ends the session), and the page going away tells the API when its last frame was judged.
import { SESSION_MESSAGES } from '@posture-vision/core';
import { useEffect } from 'react';

/** Where the session page is: no session yet, one starting, running, being stopped, or stopped with its report. */
export type SessionPhase = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped';

/** A click on a link to another page of the app (the sidebar): what leaving mid-session is asked about. A click
 * that opens a new tab or window, a download, or another site leaves this page running. */
function inAppLinkElsewhere(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return false;
  if (link.hasAttribute('download')) return false;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin && url.pathname !== window.location.pathname;
}

export function useLeaveGuards(phase: SessionPhase, monitor: { pageLeft(): void }): void {
  const asking = phase === 'running' || phase === 'starting';

  // A link to another page of the app (the sidebar) clicked while a session runs asks first, as a reload does:
  // leaving ends the session (kept only when some of it was judged: the page's unmount). Asked in the capture
  // phase, before the router takes the click.
  useEffect(() => {
    if (!asking) return;
    const ask = (event: MouseEvent) => {
      if (!inAppLinkElsewhere(event) || window.confirm(SESSION_MESSAGES.leaveSessionConfirm)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    document.addEventListener('click', ask, true);
    return () => document.removeEventListener('click', ask, true);
  }, [asking]);

  // The page going away mid-session (a reload, a closed tab): the API is told when its last frame was judged, so a
  // reload resumed a moment later is not counted as the posture shown before it.
  useEffect(() => {
    if (phase !== 'running') return;
    const left = () => monitor.pageLeft();
    window.addEventListener('pagehide', left);
    return () => window.removeEventListener('pagehide', left);
  }, [phase, monitor]);

  // Leaving (reload, close, another address) while a session runs asks first: the page is what reports on it.
  useEffect(() => {
    if (!asking) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = SESSION_MESSAGES.leaveWarning;
      return SESSION_MESSAGES.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [asking]);
}
