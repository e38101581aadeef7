// Feedback ingest, the API's hottest write: each event is checked against its session (the caller's, still
// running) and stored; events that arrive together share one session lookup and one multi-row insert (one
// commit), so ingest scales with concurrent clients instead of paying a round trip and a commit per event.
// An event is acknowledged only after the insert that holds it has committed.
import { inArray } from 'drizzle-orm';
import { batched } from '../db/batch.ts';
import type { Database } from '../db/index.ts';
import { postureFeedback, postureSessions } from '../db/schema.ts';

export type FeedbackRow = typeof postureFeedback.$inferInsert & { sessionId: string; userId: string };
export type FeedbackOutcome = 'stored' | 'not-found' | 'ended';

export function feedbackStore(db: Database): (row: FeedbackRow) => Promise<FeedbackOutcome> {
  return batched(async (rows: FeedbackRow[]) => {
    const ids = [...new Set(rows.map((r) => r.sessionId))];
    const sessions = await db
      .select({ id: postureSessions.id, userId: postureSessions.userId, endTime: postureSessions.endTime })
      .from(postureSessions)
      .where(inArray(postureSessions.id, ids));
    const byId = new Map(sessions.map((s) => [s.id, s]));
    const outcomes = rows.map((r): FeedbackOutcome => {
      const session = byId.get(r.sessionId);
      if (!session || session.userId !== r.userId) return 'not-found';
      return session.endTime ? 'ended' : 'stored';
    });
    const valid = rows.filter((_, i) => outcomes[i] === 'stored');
    if (valid.length) await db.insert(postureFeedback).values(valid);
    return outcomes;
  });
}
