// Feedback ingest, the API's hottest write: each event is checked against its session (the caller's, still
// running) and stored; events that arrive together go to the database as one statement (one round trip, one
// commit), so ingest scales with concurrent clients instead of paying a round trip and a commit per event.
// The statement's text never changes (the batch travels as one JSON parameter), so PostgreSQL parses the same
// text every time and the batch size does not change the query. An event is acknowledged only after the
// statement that holds it has committed.
import { sql } from 'drizzle-orm';
import { batched } from '../db/batch.ts';
import type { Database } from '../db/index.ts';
import type { postureFeedback } from '../db/schema.ts';

export type FeedbackRow = typeof postureFeedback.$inferInsert & { sessionId: string; userId: string };
export type FeedbackOutcome = 'stored' | 'not-found' | 'ended';

interface Verdict {
  ord: number;
  owned: boolean;
  ended: boolean;
}

export function feedbackStore(db: Database): (row: FeedbackRow) => Promise<FeedbackOutcome> {
  return batched(async (rows: FeedbackRow[]) => {
    const input = JSON.stringify(
      rows.map((r, ord) => ({
        ord,
        session_id: r.sessionId,
        user_id: r.userId,
        posture_status: r.postureStatus,
        score: r.score,
        issue: r.issue ?? null,
        details: r.details ?? null,
        ts: (r.timestamp as Date).toISOString(),
      })),
    );
    // The insert stores the events of the caller's running sessions; the select (same snapshot) says for each
    // event why it was or was not stored. Both use the same condition.
    const result = (await db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as t(
          ord int, session_id uuid, user_id uuid, posture_status text, score real, issue text, details jsonb,
          ts timestamptz)
      ), stored as (
        insert into posture_feedback (session_id, user_id, posture_status, score, issue, details, timestamp)
        select i.session_id, i.user_id, i.posture_status, i.score, i.issue, i.details, i.ts
        from input i
        join posture_sessions s on s.id = i.session_id and s.user_id = i.user_id and s.end_time is null
        order by i.ord
        returning 1
      )
      select i.ord, coalesce(s.user_id = i.user_id, false) as owned, s.end_time is not null as ended
      from input i left join posture_sessions s on s.id = i.session_id
    `)) as unknown as { rows?: Verdict[] } & Verdict[];
    const verdicts = result.rows ?? result;
    const outcomes: FeedbackOutcome[] = rows.map(() => 'not-found');
    for (const v of verdicts) outcomes[v.ord] = !v.owned ? 'not-found' : v.ended ? 'ended' : 'stored';
    return outcomes;
  });
}
