// The app's other tabs, as the session page sees them (core domain/sessions/session-owner.ts has the rule): a
// session started or resumed here is this tab's, and the tab that ran it lets it go; one ended here is no longer
// offered there.
import {
  SESSION_OWNER_CHANNEL,
  type SessionLoss,
  type SessionOwnerMessage,
  sessionLoss,
} from '@posture-vision/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** This tab, among the app's tabs that may run a session. */
const newTabId = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

export interface SessionTabs {
  /** Tells the other tabs this one claimed or ended a session. */
  tell(type: SessionOwnerMessage['type'], sessionId: string): void;
  /** Tells them a session ended after this page's channel closed (the page was left). */
  tellEndedAfterLeaving(sessionId: string): void;
}

/**
 * `running()`: the session this tab runs now; `onLoss`: another tab took it over, replaced or ended it; `onEnded`:
 * another tab ended a session (the one offered back here, maybe). Both are read when a message comes, so they may
 * change between renders.
 */
export function useSessionTabs(o: {
  running(): string | null;
  onLoss(loss: SessionLoss): void;
  onEnded(sessionId: string): void;
}): SessionTabs {
  const [tab] = useState(newTabId);
  const channelRef = useRef<BroadcastChannel | null>(null);
  const said = useRef(o);
  said.current = o;

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_OWNER_CHANNEL);
    channelRef.current = channel;
    channel.onmessage = (event: MessageEvent) => {
      const loss = sessionLoss(said.current.running(), tab, event.data);
      if (loss) said.current.onLoss(loss);
      const message = event.data as Partial<SessionOwnerMessage> | null;
      if (message?.type === 'ended' && message.sessionId) said.current.onEnded(message.sessionId);
    };
    return () => {
      channel.close();
      channelRef.current = null;
    };
  }, [tab]);

  const tell = useCallback(
    (type: SessionOwnerMessage['type'], sessionId: string) =>
      channelRef.current?.postMessage({ type, sessionId, tab } satisfies SessionOwnerMessage),
    [tab],
  );
  const tellEndedAfterLeaving = useCallback(
    (sessionId: string) => {
      if (typeof BroadcastChannel === 'undefined') return;
      const channel = new BroadcastChannel(SESSION_OWNER_CHANNEL);
      channel.postMessage({ type: 'ended', sessionId, tab } satisfies SessionOwnerMessage);
      channel.close();
    },
    [tab],
  );
  return { tell, tellEndedAfterLeaving };
}
