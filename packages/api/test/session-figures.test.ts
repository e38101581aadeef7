// Session figures outside the report: the dashboard's posture distribution is time by the report's
// timestamp rule, not a count of feedback rows; and sessions stored under the old count-based rules (before
// migration 0003) are brought up to the current rules from their stored feedback when read, so history,
// analytics and exports show the stability and times their report shows.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords.ts';
import { loadConfig } from '../src/config.ts';
import { postureSessions } from '../src/db/schema.ts';
import { buildServer } from '../src/server.ts';
import { FIGURES_RULE } from '../src/sessions/service.ts';
import {
  type BackdatedFeedback,
  backdatedSession,
  createPostgresDatabase,
  databases,
  Http,
  PASSWORD,
  startTestServer,
  TEST_ENV,
  type TestServer,
} from './harness.ts';
import { startVisionDouble, type VisionDouble } from './vision-double.ts';

describe.each(databases)('session figures on %s', (kind) => {
  let server: TestServer;
  let vision: VisionDouble;
  beforeAll(async () => {
    vision = await startVisionDouble();
    server = await startTestServer(kind, { VISION_URL: vision.url });
  });
  afterAll(async () => {
    await server?.close();
    await vision?.close();
  });

  /** A new user with a calibration and a session, its feedback sent as a client would (backdated by `ago` s). */
  const sessionWith = (ago: number, feedback: BackdatedFeedback[]) =>
    backdatedSession(server, new Date(Date.now() - ago * 1000), feedback);

  it('gives the posture distribution in seconds by the report rule, not in feedback rows', async () => {
    // A minute of good posture with heartbeats (12 feedback), then four 2-second slips into poor posture, each
    // answered by a change back to good and a heartbeat (12 more feedback, 4 of them poor).
    const feedback: Parameters<typeof sessionWith>[1] = [];
    for (let t = 0; t < 60; t += 5)
      feedback.push({ t, status: 'good', kind: t === 0 ? 'change' : 'heartbeat' });
    for (let i = 0; i < 4; i++) {
      feedback.push({ t: 60 + 10 * i, status: 'poor', kind: 'change' });
      feedback.push({ t: 62 + 10 * i, status: 'good', kind: 'change' });
      feedback.push({ t: 67 + 10 * i, status: 'good', kind: 'heartbeat' });
    }
    const { user, id } = await sessionWith(100, feedback);
    await server.http.post(`/sessions/${id}/end`, {}, user.accessToken);
    const report = (await server.http.get(`/sessions/${id}/report`, user.accessToken)).body.data;
    const k = report.keyFindings;
    expect(k.poorPostureTime).toBe(8);
    // Good from 0 s to the last heartbeat at 97 s but for the 8 s poor; the time after it too when the end came
    // within the gap cap (a slow run ends later, and that silence is not judged).
    expect(k.goodPostureTime).toBeGreaterThanOrEqual(89);
    const analytics = (await server.http.get('/sessions/analytics', user.accessToken)).body.data;
    // Counting rows said 20 good, 4 poor: a fifth of the "distribution" poor for 8 s of 100.
    expect(analytics.posture_distribution).toEqual({
      good: k.goodPostureTime,
      fair: k.neutralPostureTime,
      poor: k.poorPostureTime,
    });
  });

  it('brings a session stored under the old rules up to the current ones, from its feedback, once', async () => {
    // Good, a 10 s slouch, good again, then silence. The old rule scored stability as the share of consecutive
    // feedback with the same status (0 here) and stored no times.
    const { user, id } = await sessionWith(120, [
      { t: 0, status: 'good', kind: 'change' },
      { t: 5, status: 'good', kind: 'heartbeat' },
      { t: 10, status: 'poor', kind: 'change' },
      { t: 15, status: 'poor', kind: 'heartbeat' },
      { t: 20, status: 'good', kind: 'change' },
      { t: 25, status: 'good', kind: 'heartbeat' },
    ]);
    const db = server.app.ctx.db;
    const [row] = await db.select().from(postureSessions).where(eq(postureSessions.id, id));
    if (!row) throw new Error('session not stored');
    const endTime = new Date(row.startTime.getTime() + 120_000);
    // What a session ended before migration 0003 looks like in the table.
    await db
      .update(postureSessions)
      .set({
        endTime,
        duration: 120,
        averageScore: 80,
        stabilityIndex: 0,
        averageCvAngle: null,
        goodCount: 2,
        neutralCount: 0,
        poorCount: 1,
        goodTime: null,
        neutralTime: null,
        poorTime: null,
        figuresRule: null,
      })
      .where(eq(postureSessions.id, id));
    const report = (await server.http.get(`/sessions/${id}/report`, user.accessToken)).body.data;
    // Each feedback holds until the next; the last one none of the silence after it (not judged): 10 s good, 10 s
    // poor, 5 s good, the first two runs steady (20 of 25 s).
    expect(report.stabilityIndex).toBe(80);
    expect(report.keyFindings).toMatchObject({
      goodPostureTime: 15,
      poorPostureTime: 10,
      neutralPostureTime: 95,
    });

    const [item] = (await server.http.get('/sessions/history?limit=1', user.accessToken)).body.data;
    expect(item).toMatchObject({
      id,
      duration: report.duration,
      averageScore: report.averageScore,
      stabilityIndex: report.stabilityIndex,
      goodPostureTime: 15,
      neutralPostureTime: 95,
      poorPostureTime: 10,
    });
    // Stored, so every later reader (and the next read) sees the same without recomputing.
    const [stored] = await db.select().from(postureSessions).where(eq(postureSessions.id, id));
    expect(stored).toMatchObject({
      stabilityIndex: 80,
      goodTime: 15,
      poorTime: 10,
      figuresRule: FIGURES_RULE,
    });
    const exported = (await server.http.get('/sessions/export?format=json', user.accessToken)).body.data;
    expect(exported.sessions[0]).toEqual(item);
    const analytics = (await server.http.get('/sessions/analytics', user.accessToken)).body.data;
    expect(analytics.posture_distribution).toEqual({ good: 15, fair: 95, poor: 10 });
    const insights = (await server.http.get('/sessions/insights', user.accessToken)).body.data;
    expect(insights.progressIndicators.stabilityIndex).toBe(80);
  });

  it('leaves a session stored by newer rules alone (an older instance during a deploy does not undo it)', async () => {
    const { user, id } = await sessionWith(30, [{ t: 0, status: 'good', kind: 'change' }]);
    await server.http.post(`/sessions/${id}/end`, {}, user.accessToken);
    const db = server.app.ctx.db;
    await db
      .update(postureSessions)
      .set({ stabilityIndex: 42, figuresRule: FIGURES_RULE + 1 })
      .where(eq(postureSessions.id, id));
    const [item] = (await server.http.get('/sessions/history?limit=1', user.accessToken)).body.data;
    expect(item.stabilityIndex).toBe(42);
  });
});

describe('upgrading a database whose sessions ended before migration 0003 (PostgreSQL server)', () => {
  it('migration 0006 marks the sessions stored by the timestamp rules, and every older one is recomputed on read', async () => {
    const pg = await createPostgresDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'pv-api-upgrade-'));
    let app: FastifyInstance | undefined;
    try {
      // The database as the release before this one left it: migrations up to 0005.
      const folder = join(dir, 'drizzle');
      cpSync(fileURLToPath(new URL('../drizzle', import.meta.url)), folder, { recursive: true });
      const journalFile = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
      writeFileSync(
        journalFile,
        JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 5) }),
      );
      const client = postgres(pg.url, { max: 1, onnotice: () => {} });
      await migrate(drizzle(client), { migrationsFolder: folder });
      const config = loadConfig({ ...TEST_ENV, DATA_DIR: dir, DATABASE_URL: pg.url });
      const email = `upgrade-${Date.now()}@example.com`;
      const [user] =
        await client`insert into users (email, password_hash, first_name, last_name, email_verified)
        values (${email}, ${await hashPassword(PASSWORD, config.argon2)}, 'Old', 'Timer', true) returning id`;
      const userId = user?.id as string;
      // Timestamps as ISO text (the client is untyped here).
      const at = (start: Date, s: number) => new Date(start.getTime() + s * 1000).toISOString();
      // Ended before 0003: the old stability (0 of 2 consecutive feedback alike), no times.
      const oldStart = new Date(Date.now() - 7_200_000);
      const [old] = await client`insert into posture_sessions
        (user_id, mode, start_time, end_time, duration, average_score, stability_index, good_count, neutral_count, poor_count)
        values (${userId}, 'active', ${at(oldStart, 0)}, ${at(oldStart, 120)}, 120, 80, 0, 2, 0, 1) returning id`;
      // Ended since 0003: times stored by the timestamp rules (its stability is kept as stored).
      const newStart = new Date(Date.now() - 3_600_000);
      const [recent] = await client`insert into posture_sessions
        (user_id, mode, start_time, end_time, duration, average_score, stability_index, good_count, neutral_count, poor_count, good_time, neutral_time, poor_time)
        values (${userId}, 'active', ${at(newStart, 0)}, ${at(newStart, 60)}, 60, 100, 77, 1, 0, 0, 15, 0, 0) returning id`;
      for (const [session, start, s, status, score] of [
        [old?.id, oldStart, 0, 'good', 100],
        [old?.id, oldStart, 5, 'good', 100],
        [old?.id, oldStart, 10, 'poor', 40],
        [old?.id, oldStart, 15, 'poor', 40],
        [old?.id, oldStart, 20, 'good', 100],
        [old?.id, oldStart, 25, 'good', 100],
        [recent?.id, newStart, 0, 'good', 100],
        [recent?.id, newStart, 5, 'good', 100],
      ] as const)
        await client`insert into posture_feedback (session_id, user_id, posture_status, score, timestamp)
          values (${session as string}, ${userId}, ${status}, ${score}, ${at(start, s)})`;
      await client.end();

      // This release starts on it: migration 0006 runs, then the sessions are read.
      app = await buildServer(config);
      // Migration 0006 marks the sessions stored with times as computed by rule 1, the older ones not at all.
      const marks = postgres(pg.url, { max: 1, onnotice: () => {} });
      const rules = await marks`select id, figures_rule from posture_sessions`;
      await marks.end();
      expect(Object.fromEntries(rules.map((r) => [r.id, r.figures_rule]))).toEqual({
        [old?.id as string]: null,
        [recent?.id as string]: 1,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const http = new Http(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
      const login = await http.post('/auth/login', { email, password: PASSWORD });
      expect(login.status).toBe(200);
      const token = login.body.accessToken as string;
      const history = (await http.get('/sessions/history', token)).body.data as Record<string, unknown>[];
      const report = (await http.get(`/sessions/${old?.id}/report`, token)).body.data;
      expect(report.stabilityIndex).toBe(80);
      expect(history.find((h) => h.id === old?.id)).toMatchObject({
        stabilityIndex: report.stabilityIndex,
        goodPostureTime: 15,
        poorPostureTime: 10,
      });
      // Rule 1 is older than this release's (no silence counted, the sitting time stored, the score of judged time
      // only), so the recent one is recomputed from its feedback too: good from its start to its heartbeat 5 s
      // later, none of the silence after, all steady.
      expect(FIGURES_RULE).toBeGreaterThan(1);
      expect(history.find((h) => h.id === recent?.id)).toMatchObject({
        stabilityIndex: 100,
        goodPostureTime: 5,
        neutralPostureTime: 55,
      });
    } finally {
      await app?.close();
      await pg.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
