// One owner of a running session across the tabs of one browser: the real-time session page that started or
// resumed a session owns it, and says so to its other tabs; a tab that owned it lets it go at once (it stops
// sending, its judged time stays in the session) and says why. Without it two tabs fed one session (a slouch in
// one, upright in the other) and the one left behind went on showing a live session whose feedback the API
// refused once the other ended it. Pure: the page carries the messages (a BroadcastChannel between its tabs).

/** What a tab says to the others: it owns this session now (started or resumed it), or it ended it. */
export type SessionOwnerMessage =
  | { type: 'claim'; sessionId: string; tab: string }
  | { type: 'ended'; sessionId: string; tab: string };

/** Why a tab lost the session it ran: another tab resumed it (it goes on there), started a new one (the API ends
 * the running one on a new start), or ended it. */
export type SessionLoss = 'taken-over' | 'replaced' | 'ended';

/** The name of the channel between the tabs. */
export const SESSION_OWNER_CHANNEL = 'posture-vision-session-owner';

/** What another tab's message means for a tab running `owned` (null: none): the loss, or null when it is none of
 * its business (its own message, nothing running, another tab ending another session). */
export function sessionLoss(owned: string | null, tab: string, message: unknown): SessionLoss | null {
  if (!owned || !isOwnerMessage(message) || message.tab === tab) return null;
  if (message.type === 'claim') return message.sessionId === owned ? 'taken-over' : 'replaced';
  return message.sessionId === owned ? 'ended' : null;
}

function isOwnerMessage(value: unknown): value is SessionOwnerMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return (
    (m.type === 'claim' || m.type === 'ended') && typeof m.sessionId === 'string' && typeof m.tab === 'string'
  );
}
