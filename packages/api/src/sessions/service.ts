// Session queries shared by the sessions and analytics plugins (and the calibration recommendations): a user's
// own session, its feedback, its report, and the recent issue shares.
import { FEEDBACK_HEARTBEAT_MS } from '@posture-vision/core/sessions';
import { and, asc, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { ISSUE_ADVICE, issueLabel } from '../calibration/rules.ts';
import type { Database } from '../db/index.ts';
import { postureFeedback, postureSessions } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { isUuid } from '../http/fields.ts';
import { buildReport, type FeedbackPoint, type PostureStatus, type SessionReport } from './report.ts';

export type SessionRow = typeof postureSessions.$inferSelect;

/** The user's session with this id; 404 when it does not exist or belongs to someone else. A session nobody
 * reports on any more is ended first (endAbandoned), so its figures are those it will keep. */
export async function ownSession(db: Database, userId: string, id: string): Promise<SessionRow> {
  await endAbandoned(db, userId);
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

/** A time a client sent in a feedback's details (an ISO string), when it is one; else none. */
export function feedbackTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

async function feedbackOf(db: Database, sessionId: string): Promise<FeedbackPoint[]> {
  const rows = await db
    .select({
      timestamp: postureFeedback.timestamp,
      postureStatus: postureFeedback.postureStatus,
      score: postureFeedback.score,
      issue: postureFeedback.issue,
      cva: sql<unknown>`coalesce(${postureFeedback.details}->'cva', ${postureFeedback.details}->'cranialVertebralAngle')`,
      kind: sql<string | null>`${postureFeedback.details}->>'kind'`,
      inView: sql<unknown>`${postureFeedback.details}->'inView'`,
      inViewFrom: sql<unknown>`${postureFeedback.details}->'inViewFrom'`,
      lastInViewAt: sql<unknown>`${postureFeedback.details}->'lastInViewAt'`,
    })
    .from(postureFeedback)
    .where(eq(postureFeedback.sessionId, sessionId))
    .orderBy(asc(postureFeedback.timestamp), asc(postureFeedback.id));
  return rows.map((r) => ({
    ...r,
    postureStatus: r.postureStatus as PostureStatus,
    cva: feedbackCva(r.cva),
    inView: typeof r.inView === 'boolean' ? r.inView : null,
    inViewFrom: feedbackTime(r.inViewFrom),
    lastInViewAt: feedbackTime(r.lastInViewAt),
  }));
}

/** The session report from the session's stored feedback. */
export async function reportOf(db: Database, session: SessionRow) {
  return buildReport({
    session,
    feedback: await feedbackOf(db, session.id),
    issueLabel,
    issueAdvice: (issue) => ISSUE_ADVICE[issue],
  });
}

/**
 * The version of the rules (report.ts) by which a finished session's stored figures were computed, stored with
 * them in `figures_rule` (migration 0006). 1: times, score, stability and CVA from the feedback timestamps.
 * 2: only time inside the session counts (feedback stamped before its start or after its end holds no time), and
 * the three posture times are rounded to add up to the tracked time. 3: a feedback holds until the next one only
 * when that came within FEEDBACK_GAP_CAP_S (else none of the silence counts), a feedback saying the frames stopped
 * holds none, and not judged time is the whole session's length less its good and poor time. 4: the sitting time
 * (the report's sitting, core's sessionSitting) is stored too (migration 0015). 5: a session whose feedback never
 * judged posture (all neutral) has no score (null), not the 70 its neutral feedback would average. 6: the score
 * is the mean of the judged (good or poor) time only; not-judged time no longer counts at 70. 7: the breaks and the
 * longest sitting stretch are stored too (migration 0016). 8: a stretch starts when the feedback says the person
 * was first in view (inViewFrom) and ends when it says they were last (lastInViewAt), and a last look with
 * somebody in view holds to the session's end within FEEDBACK_GAP_CAP_S (core's presenceLooks, sessionSitting).
 * Sessions ended before those rules (NULL) carry the old count-based stability and no times. Bump it whenever a
 * rule in report.ts changes: every stored session is then recomputed from its feedback on its next read.
 */
export const FIGURES_RULE = 8;

/** The figures a finished session stores (its report's), under the current rules. */
export function storedFigures(report: SessionReport) {
  return {
    duration: report.duration,
    // null when nothing was judged (buildReport), which includes no feedback at all.
    averageScore: report.averageScore,
    stabilityIndex: report.feedbackCount ? report.stabilityIndex : null,
    averageCvAngle: report.averageCVAngle,
    goodTime: report.keyFindings.goodPostureTime,
    neutralTime: report.keyFindings.neutralPostureTime,
    poorTime: report.keyFindings.poorPostureTime,
    sittingTime: report.sitting?.sittingTime ?? null,
    breaks: report.sitting?.breaks ?? null,
    longestStretch: report.sitting?.longestStretch ?? null,
    goodCount: report.statusCounts.good,
    neutralCount: report.statusCounts.neutral,
    poorCount: report.statusCounts.poor,
    figuresRule: FIGURES_RULE,
  };
}

/**
 * Finished sessions whose stored figures were computed by older rules, recomputed from their stored feedback and
 * stored again; the others as they are. Every reader of stored figures (history, exports, analytics) goes through
 * this, so an old session shows the same stability and times everywhere as its report does.
 *
 * Why at read time and not in migration 0006: the rules live once, in TypeScript (report.ts); a migration would
 * need them again in SQL, and a backfill at start-up would hold every instance's start on the whole table. Here
 * each session is recomputed once, by the one rule, when it is first read; the update only raises the version
 * (`figures_rule < FIGURES_RULE`), so concurrent readers and an older instance during a rolling deploy never
 * undo each other. The feedback is never deleted before its session (account deletion removes both), so the
 * recomputed figures are those the session's report shows.
 */
export async function withCurrentFigures(db: Database, rows: SessionRow[]): Promise<SessionRow[]> {
  const result: SessionRow[] = [];
  for (const row of rows) {
    if (!row.endTime || (row.figuresRule !== null && row.figuresRule >= FIGURES_RULE)) {
      result.push(row);
      continue;
    }
    const figures = storedFigures(await reportOf(db, row));
    const [updated] = await db
      .update(postureSessions)
      .set(figures)
      .where(
        and(
          eq(postureSessions.id, row.id),
          or(isNull(postureSessions.figuresRule), lt(postureSessions.figuresRule, FIGURES_RULE)),
        ),
      )
      .returning();
    result.push(updated ?? { ...row, ...figures });
  }
  return result;
}

/**
 * A running session whose last feedback (or start, without feedback) is older than this has no client reporting
 * on it: a live client sends a heartbeat every FEEDBACK_HEARTBEAT_MS. 24 missed heartbeats (2 minutes) leave
 * room for a reload and the offer to resume, a network drop, or a hidden tab whose timers the browser wakes only
 * once a minute, while an abandoned session stops showing as running soon after.
 */
export const ABANDONED_AFTER_MS = 24 * FEEDBACK_HEARTBEAT_MS;

/** When a client last reported on the session: its latest feedback, within its start and `now` (feedback is
 * stamped by the client's clock, which must not move the end before the start or into the future); its start
 * when it has none. */
export async function lastReportAt(db: Database, session: SessionRow, now = new Date()): Promise<Date> {
  const [last] = await db
    .select({ timestamp: postureFeedback.timestamp })
    .from(postureFeedback)
    .where(eq(postureFeedback.sessionId, session.id))
    .orderBy(desc(postureFeedback.timestamp))
    .limit(1);
  const at = Math.min(Math.max(last?.timestamp.getTime() ?? 0, session.startTime.getTime()), now.getTime());
  return new Date(at);
}

/** Ends a session at `endTime`: stores its figures (duration, score, stability, CVA, times) from the feedback,
 * under the current rules (FIGURES_RULE). Ending twice changes nothing: a concurrent end that won the race
 * is answered with what it stored. */
export async function endSessionAt(db: Database, session: SessionRow, endTime: Date): Promise<SessionRow> {
  if (session.endTime) return session;
  const report = await reportOf(db, { ...session, endTime });
  const [ended] = await db
    .update(postureSessions)
    .set({ endTime, ...storedFigures(report) })
    .where(and(eq(postureSessions.id, session.id), isNull(postureSessions.endTime)))
    .returning();
  if (ended) return ended;
  const [stored] = await db.select().from(postureSessions).where(eq(postureSessions.id, session.id));
  return stored ?? session;
}

/** Removes an ended session and its feedback: a session left before any of its time was judged (the end's
 * `keep: 'judged'`) is not history. */
export async function discardSession(db: Database, session: SessionRow): Promise<void> {
  await db.delete(postureFeedback).where(eq(postureFeedback.sessionId, session.id));
  await db.delete(postureSessions).where(eq(postureSessions.id, session.id));
}

/**
 * Ends the user's running sessions that nobody reports on (silent for ABANDONED_AFTER_MS) at their last
 * feedback: a closed tab or a reload never followed by a resume must not run on, nor count the time after its
 * last feedback as posture time. No timer does this: every reader of the user's sessions (history, report, active, analytics, a new
 * start) calls it first, so an abandoned session is ended by the time anyone sees it, on any instance.
 */
export async function endAbandoned(db: Database, userId: string, now = new Date()): Promise<void> {
  const running = await db
    .select()
    .from(postureSessions)
    .where(and(eq(postureSessions.userId, userId), isNull(postureSessions.endTime)));
  for (const session of running) {
    const last = await lastReportAt(db, session, now);
    if (now.getTime() - last.getTime() > ABANDONED_AFTER_MS) await endSessionAt(db, session, last);
  }
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
