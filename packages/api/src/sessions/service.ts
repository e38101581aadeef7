// Session queries shared by the sessions and analytics plugins (and the calibration recommendations): a user's
// own session, its feedback, its report, and the recent issue shares.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { ISSUE_ADVICE, issueLabel } from '../calibration/rules.ts';
import type { Database } from '../db/index.ts';
import { postureFeedback, postureSessions } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { isUuid } from '../http/fields.ts';
import { buildReport, type FeedbackPoint, type PostureStatus } from './report.ts';

export type SessionRow = typeof postureSessions.$inferSelect;

/** The user's session with this id; 404 when it does not exist or belongs to someone else. */
export async function ownSession(db: Database, userId: string, id: string): Promise<SessionRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(postureSessions)
        .where(and(eq(postureSessions.id, id), eq(postureSessions.userId, userId)))
    : [];
  if (!row) throw new ApiError(404, 'Session not found.');
  return row;
}

/**
 * The CVA a feedback carried: `details.cva` (older clients: `details.cranialVertebralAngle`) when it is a number of
 * degrees within 0–180 (an angle between two lines, so anything else is not a CVA); else none.
 */
export function feedbackCva(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 180 ? value : null;
}

async function feedbackOf(db: Database, sessionId: string): Promise<FeedbackPoint[]> {
  const rows = await db
    .select({
      timestamp: postureFeedback.timestamp,
      postureStatus: postureFeedback.postureStatus,
      score: postureFeedback.score,
      issue: postureFeedback.issue,
      cva: sql<unknown>`coalesce(${postureFeedback.details}->'cva', ${postureFeedback.details}->'cranialVertebralAngle')`,
    })
    .from(postureFeedback)
    .where(eq(postureFeedback.sessionId, sessionId))
    .orderBy(asc(postureFeedback.timestamp), asc(postureFeedback.id));
  return rows.map((r) => ({
    ...r,
    postureStatus: r.postureStatus as PostureStatus,
    cva: feedbackCva(r.cva),
  }));
}

/** The session report (document 2, 3.4) from the session's stored feedback. */
export async function reportOf(db: Database, session: SessionRow) {
  return buildReport({
    session,
    feedback: await feedbackOf(db, session.id),
    issueLabel,
    issueAdvice: (issue) => ISSUE_ADVICE[issue],
  });
}

/**
 * Share of the user's feedback that carries each issue, most frequent first: of one session, or of the last
 * 30 days.
 */
export async function recentIssueShares(
  db: Database,
  userId: string,
  sessionId?: string,
): Promise<[string, number][]> {
  const since = new Date(Date.now() - 30 * 86_400_000);
  const where = sessionId
    ? and(eq(postureFeedback.userId, userId), eq(postureFeedback.sessionId, sessionId))
    : and(eq(postureFeedback.userId, userId), gte(postureFeedback.timestamp, since));
  const rows = await db
    .select({ issue: postureFeedback.issue, n: sql<number>`count(*)::int` })
    .from(postureFeedback)
    .where(where)
    .groupBy(postureFeedback.issue);
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  return rows
    .filter((r) => r.issue)
    .map((r) => [r.issue as string, Number(r.n) / total] as [string, number])
    .sort((a, b) => b[1] - a[1]);
}
