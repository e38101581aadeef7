import { dayOf, weekOf } from '@posture-vision/core/analytics';
import { sessionsExport } from '@posture-vision/core/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type SignedIn, signUp, startedAt, startTestServer, type TestServer } from './harness.ts';
import { calibrationPhotos } from './images.ts';
import { measured, startVisionDouble, type VisionDouble } from './vision-double.ts';

describe.each(databases)('sessions and analytics on %s', (kind) => {
  let server: TestServer;
  let vision: VisionDouble;
  let user: SignedIn;
  let other: SignedIn;
  let calibrationId: string;
  let otherCalibrationId: string;
  beforeAll(async () => {
    vision = await startVisionDouble();
    server = await startTestServer(kind, { VISION_URL: vision.url });
    [user, other] = await Promise.all([signUp(server), signUp(server)]);
    const make = async (who: SignedIn, score: number) => {
      const photos = calibrationPhotos();
      const mlAnalysis = await measured(photos, { success: true, overall_score: score });
      return (
        await server.http.post('/calibration', { photos, processWithML: false, mlAnalysis }, who.accessToken)
      ).body.data.id as string;
    };
    calibrationId = await make(user, 75);
    otherCalibrationId = await make(other, 60);
  });
  afterAll(async () => {
    await server?.close();
    await vision?.close();
  });

  const start = (who: SignedIn, body: unknown) => server.http.post('/sessions/start', body, who.accessToken);
  const start_ = (who: SignedIn, calibration: string) =>
    start(who, { mode: 'passive', calibrationId: calibration });
  const feedback = (who: SignedIn, id: string, body: unknown) =>
    server.http.post(`/sessions/${id}/feedback`, body, who.accessToken);

  it('requires a calibration of your own to start', async () => {
    const none = await start(user, { mode: 'active' });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Calibration required before starting session.');
    const foreign = await start(user, { mode: 'active', calibrationId: otherCalibrationId });
    expect(foreign.status).toBe(404);
    expect((await start(user, { mode: 'lying', calibrationId })).status).toBe(400);
    expect((await start(user, { mode: 'active', calibrationId: 42 })).status).toBe(400);
    expect((await server.http.post('/sessions/start', { mode: 'active', calibrationId })).status).toBe(401);
  });

  it('runs a session: feedback stored, report computed from it, end idempotent', async () => {
    const started = await start(user, { mode: 'active', calibrationId });
    expect(started.status).toBe(201);
    const id = started.body.data.id as string;
    expect((await server.http.get('/sessions/active', user.accessToken)).body.data).toMatchObject({
      id,
      mode: 'active',
    });

    // good, good, poor (forward head), poor (forward head), good — 2 s apart, a minute ago.
    const base = Date.now() - 60_000;
    await startedAt(server, id, new Date(base));
    const plan: [string, string | undefined][] = [
      ['good', undefined],
      ['good', undefined],
      ['poor', 'forward_head'],
      ['poor', 'forward_head'],
      ['good', undefined],
    ];
    for (const [i, [postureStatus, issue]] of plan.entries()) {
      const res = await feedback(user, id, {
        postureStatus,
        timestamp: new Date(base + i * 2000).toISOString(),
        details: issue ? { type: 'posture', issue, cva: 46 } : { type: 'posture', cva: 50 },
      });
      expect(res.status).toBe(201);
    }
    const report = await server.http.get(`/sessions/${id}/report`, user.accessToken);
    expect(report.status).toBe(200);
    const r = report.body.data;
    expect(r.sessionId).toBe(id);
    // An old, change-only client: spans 2, 2, 2, 2, and the last one said nothing for longer than
    // FEEDBACK_GAP_CAP_S (10 s), so none of that silence is posture: good 4 s, poor 4 s, and the rest of the session
    // (before nothing was sent) not judged; score weighted by time (400 + 160) / 8.
    expect(r.keyFindings.goodPostureTime).toBe(4);
    expect(r.keyFindings.poorPostureTime).toBe(4);
    expect(r.keyFindings.neutralPostureTime).toBe(r.duration - 8);
    expect(r.averageScore).toBe(70);
    // No run was held for the 8 s tracked.
    expect(r.stabilityIndex).toBe(0);
    expect(r.averageCVAngle).toBe(48);
    expect(r.keyFindings.frequentIssues).toEqual(['Forward head posture']);
    expect(r.keyFindings.improvementAreas).toContain(
      'Keep your ears over your shoulders: raise the screen to eye level and tuck your chin.',
    );
    expect(r.keyFindings.improvementAreas).toContain(
      'Hold a steady position: your posture changed often during this session.',
    );
    expect(r.timeline).toHaveLength(5);
    expect(r.timeline[2]).toMatchObject({ postureStatus: 'poor', score: 40, issue: 'forward_head' });

    const own = (await server.http.get(`/sessions/${id}/insights`, user.accessToken)).body.data;
    expect(own.progressIndicators).toMatchObject({
      sessionCount: 1,
      // Of the session's length, which grows while it runs.
      goodPosturePercentage: expect.closeTo(400 / r.duration, 0),
      stabilityIndex: 0,
    });
    expect(own.overallPatterns).toContain('most frequent issue is forward head posture (40% of feedback)');
    // While it runs, analytics follow its feedback live: the distribution is its good and poor seconds.
    const live = (await server.http.get('/sessions/analytics', user.accessToken)).body.data;
    expect(live).toMatchObject({
      total_sessions: 1,
      posture_distribution: { good: 4, fair: expect.any(Number), poor: 4 },
    });
    expect(live.scoreTrend).toEqual([70]);

    const end1 = await server.http.post(`/sessions/${id}/end`, {}, user.accessToken);
    expect(end1.status).toBe(200);
    expect(end1.body.data).toMatchObject({
      averageScore: 70,
      stabilityIndex: 0,
      averageCVAngle: 48,
      goodPostureTime: 4,
      poorPostureTime: 4,
    });
    const end2 = await server.http.post(`/sessions/${id}/end`, {}, user.accessToken);
    expect(end2.body.data).toEqual(end1.body.data);
    expect((await server.http.get('/sessions/active', user.accessToken)).body.data).toBeNull();
    const late = await feedback(user, id, { postureStatus: 'good', timestamp: new Date().toISOString() });
    expect(late.status).toBe(409);
  });

  it('reports a heartbeating client by time, and history, analytics, insights and exports say the same', async () => {
    const id = (await start(user, { mode: 'active', calibrationId })).body.data.id as string;
    // What core's posture monitor sends: a feedback on each change and a heartbeat every 5 s, with score and
    // CVA. Backdated (the session's start with it): 40 s good (score 92), a 3 s neutral wobble (70),
    // 15 s forward head (35), then good with heartbeats at 58, 63 and 68 s — the client then stopped, so the
    // last heartbeat holds none of the silence after it (longer than FEEDBACK_GAP_CAP_S): not judged.
    const base = Date.now() - 83_000;
    await startedAt(server, id, new Date(base));
    const sent: { t: number; status: string; kind: string; score: number; issue?: string }[] = [];
    const run = (from: number, to: number, status: string, score: number, issue?: string) => {
      for (let t = from; t < to; t += 5)
        sent.push({
          t,
          status,
          kind: t === from ? 'change' : 'heartbeat',
          score,
          ...(issue ? { issue } : {}),
        });
    };
    run(0, 40, 'good', 92);
    run(40, 43, 'neutral', 70);
    run(43, 58, 'poor', 35, 'forward_head');
    run(58, 69, 'good', 92);
    for (const f of sent) {
      const details = { type: 'realtime', kind: f.kind, score: f.score, cva: 51.5, issue: f.issue };
      const timestamp = new Date(base + f.t * 1000).toISOString();
      expect((await feedback(user, id, { postureStatus: f.status, timestamp, details })).status).toBe(201);
    }
    const { kept, ...ended } = (await server.http.post(`/sessions/${id}/end`, {}, user.accessToken)).body
      .data;
    expect(kept).toBe(true);
    const r = (await server.http.get(`/sessions/${id}/report`, user.accessToken)).body.data;
    // Not judged: the 3 s wobble and the silence after the last heartbeat, to the end.
    expect(r.keyFindings).toMatchObject({
      goodPostureTime: 50,
      neutralPostureTime: r.duration - 65,
      poorPostureTime: 15,
    });
    // Runs of 40, 3, 15 and 10 s: only the 3 s wobble is unsteady, 65 of 68 s.
    expect(r.stabilityIndex).toBe(95.6);
    expect(r.averageCVAngle).toBe(51.5);
    // Of the judged 65 s only (the 3 s wobble is no posture): (92 × 50 + 35 × 15) / 65
    expect(r.averageScore).toBe(78.8);
    const good = 50;
    expect(ended).toMatchObject({
      duration: r.duration,
      averageScore: r.averageScore,
      stabilityIndex: r.stabilityIndex,
      averageCVAngle: 51.5,
      goodPostureTime: good,
      poorPostureTime: 15,
      neutralPostureTime: r.duration - 65,
    });
    const history = (await server.http.get('/sessions/history', user.accessToken)).body.data;
    expect(history.find((h: { id: string }) => h.id === id)).toEqual(ended);
    const insights = (await server.http.get(`/sessions/${id}/insights`, user.accessToken)).body.data;
    expect(insights.progressIndicators).toMatchObject({
      averageScore: r.averageScore,
      stabilityIndex: r.stabilityIndex,
      goodPosturePercentage: Math.round(50_000 / r.duration) / 10,
    });
    const exported = (await server.http.get('/sessions/export?format=json', user.accessToken)).body.data;
    expect(exported.sessions.find((s: { id: string }) => s.id === id)).toEqual(ended);
    // The export is the contract's shape: a client reads it with the same schema the route answers with.
    expect(sessionsExport.strict().safeParse(exported).success).toBe(true);
    expect(exported.feedback.filter((f: { sessionId: string }) => f.sessionId === id).length).toBeGreaterThan(
      0,
    );
    const csv = (await server.http.get('/sessions/export?format=csv', user.accessToken)).body.data as string;
    const [head, ...lines] = csv.split('\n');
    const cells = (head as string).split(',');
    const line = (lines.find((l) => l.startsWith(id)) as string).split(',');
    const cell = (name: string) => line[cells.indexOf(name)];
    expect(cell('duration')).toBe(String(ended.duration));
    expect(cell('goodPostureTime')).toBe(String(good));
    expect(cell('poorPostureTime')).toBe('15');
    expect(cell('stabilityIndex')).toBe(String(r.stabilityIndex));
    expect(cell('averageCVAngle')).toBe('51.5');
  });

  it('takes many feedback posts per second for one session without losing any', async () => {
    const id = (await start(user, { mode: 'passive', calibrationId })).body.data.id as string;
    const t0 = Date.now() - 10_000;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        feedback(user, id, {
          postureStatus: i % 3 === 0 ? 'poor' : 'good',
          timestamp: new Date(t0 + i * 100).toISOString(),
          details: i % 3 === 0 ? { issue: 'tilt' } : {},
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(201));
    const report = await server.http.get(`/sessions/${id}/report`, user.accessToken);
    expect(report.body.data.feedbackCount).toBe(60);
    expect(report.body.data.keyFindings.frequentIssues).toEqual(['Head tilt']);
    await server.http.post(`/sessions/${id}/end`, {}, user.accessToken);
  });

  it('refuses bad feedback and sessions of other users', async () => {
    const id = (await start(user, { mode: 'active', calibrationId })).body.data.id as string;
    const now = new Date().toISOString();
    for (const body of [
      {},
      { postureStatus: 'slouching', timestamp: now },
      { postureStatus: 'good', timestamp: 'now' },
      { postureStatus: 'good', timestamp: now, details: 'forward' },
      { postureStatus: 'good', timestamp: now, details: { blob: 'x'.repeat(5000) } },
    ])
      expect((await feedback(user, id, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect((await feedback(other, id, { postureStatus: 'good', timestamp: now })).status).toBe(404);
    expect((await feedback(user, 'nope', { postureStatus: 'good', timestamp: now })).status).toBe(404);
    expect((await server.http.get(`/sessions/${id}/report`, other.accessToken)).status).toBe(404);
    expect((await server.http.post(`/sessions/${id}/end`, {}, other.accessToken)).status).toBe(404);
    expect((await server.http.get(`/sessions/${id}/insights`, other.accessToken)).status).toBe(404);
    expect(
      (await server.http.get('/sessions/00000000-0000-4000-8000-000000000000/report', user.accessToken))
        .status,
    ).toBe(404);
    // Starting a new session ends the running one.
    const next = await start(user, { mode: 'active', calibrationId });
    expect((await server.http.get('/sessions/active', user.accessToken)).body.data.id).toBe(
      next.body.data.id,
    );
    await server.http.post(`/sessions/${next.body.data.id}/end`, {}, user.accessToken);
  });

  it('lists history, analytics, trends, insights and exports from the stored data', async () => {
    const history = await server.http.get('/sessions/history?limit=2', user.accessToken);
    expect(history.body.data).toHaveLength(2);
    expect(Object.keys(history.body.data[0])).toEqual(
      expect.arrayContaining([
        'id',
        'createdAt',
        'mode',
        'duration',
        'averagePostureScore',
        'averageCVAngle',
      ]),
    );
    const all = (await server.http.get('/sessions/history', user.accessToken)).body.data;
    expect(all).toHaveLength(5);
    expect((await server.http.get('/sessions/history?limit=500', user.accessToken)).status).toBe(400);

    const analytics = (await server.http.get('/sessions/analytics', user.accessToken)).body.data;
    expect(analytics.total_sessions).toBe(5);
    // Time, not feedback rows: the sessions' good, neutral and poor seconds, summed.
    const sum = (key: string) => all.reduce((n: number, s: Record<string, number>) => n + (s[key] ?? 0), 0);
    expect(analytics.posture_distribution).toEqual({
      good: sum('goodPostureTime'),
      fair: sum('neutralPostureTime'),
      poor: sum('poorPostureTime'),
    });
    // The five sessions by the UTC day and ISO week they started in (a run around midnight spans two days).
    const count = (key: (d: Date) => string) => {
      const counts = new Map<string, number>();
      for (const { createdAt } of all as { createdAt: string }[]) {
        const k = key(new Date(createdAt));
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      return [...counts].sort(([a], [b]) => a.localeCompare(b));
    };
    expect(analytics.daily_averages).toEqual(
      count(dayOf).map(([date, sessionCount]) => ({ date, averageScore: expect.any(Number), sessionCount })),
    );
    expect(analytics.weekly_trends).toHaveLength(count(weekOf).length);
    expect(analytics.scoreTrend).toHaveLength(3);
    expect(analytics.last_session_date).toBe(all[0].createdAt);
    const empty = await server.http.get(
      '/sessions/analytics?startDate=2020-01-01&endDate=2020-01-31',
      user.accessToken,
    );
    expect(empty.body.data).toMatchObject({
      total_sessions: 0,
      posture_distribution: { good: 0, fair: 0, poor: 0 },
    });
    expect((await server.http.get('/sessions/analytics?startDate=01/01/2020', user.accessToken)).status).toBe(
      400,
    );

    const trends = (await server.http.get('/analytics/posture-trends?timeframe=7d', user.accessToken)).body
      .data;
    expect(trends.dailyAggregates).toEqual(analytics.daily_averages);
    const days = trends.dailyAggregates as { date: string; averageScore: number }[];
    const best = days.reduce((b, d) => (d.averageScore > b.averageScore ? d : b));
    expect(trends.bestDay).toEqual({ date: best.date, score: best.averageScore });
    // The trends and the insights of one timeframe are figures of the same sessions (core analytics figures).
    const sameDays = (await server.http.get('/sessions/insights?timeframe=7d', user.accessToken)).body.data;
    expect(sameDays.progressIndicators.improvementRate).toBe(trends.improvementRate);
    expect(sameDays.progressIndicators.averageScore).toBeLessThanOrEqual(trends.bestDay.score);
    expect(analytics.improvement_rate).toBe(trends.improvementRate);
    expect(trends.consistencyScore).toBeGreaterThan(0);
    expect((await server.http.get('/analytics/posture-trends?timeframe=2w', user.accessToken)).status).toBe(
      400,
    );

    const insights = (await server.http.get('/sessions/insights', user.accessToken)).body.data;
    expect(insights.overallPatterns).toMatch(/^Across 5 sessions your average posture score is/);
    expect(insights.progressIndicators.sessionCount).toBe(5);
    expect(insights.improvementAreas.length).toBeGreaterThan(0);
    const fresh = await signUp(server);
    expect(
      (await server.http.get('/sessions/insights', fresh.accessToken)).body.data.overallPatterns,
    ).toMatch(/^No posture feedback recorded yet/);

    const json = (await server.http.get('/sessions/export?format=json', user.accessToken)).body.data;
    expect(json.sessions).toHaveLength(5);
    expect(json.feedback).toHaveLength(80);
    const csv = (await server.http.get('/sessions/export?format=csv', user.accessToken)).body.data as string;
    expect(csv.split('\n')).toHaveLength(6);
    const stats = (await server.http.get('/sessions/export/stats', user.accessToken)).body.data;
    expect(stats).toEqual({ totalSessions: 5, totalFeedbackLogs: 80 });
    expect((await server.http.get('/profile/export/stats', user.accessToken)).body.data.sessions).toEqual(
      stats,
    );
    expect((await server.http.get('/sessions/export/stats', other.accessToken)).body.data).toEqual({
      totalSessions: 0,
      totalFeedbackLogs: 0,
    });
  });

  /** A new calibrated account, and its sessions: feedback every 5 s of [status, seconds, in view] parts one after
   * the other (in view null: an older client that never said), ended at its last; each answers its report. */
  const deskUser = async () => {
    const desk = await signUp(server);
    const photos = calibrationPhotos();
    const mlAnalysis = await measured(photos, { success: true, overall_score: 70 });
    const cal = (
      await server.http.post('/calibration', { photos, processWithML: false, mlAnalysis }, desk.accessToken)
    ).body.data.id as string;
    const session = async (start: Date, parts: [string, number, boolean | null][]) => {
      const id = (await start_(desk, cal)).body.data.id as string;
      await startedAt(server, id, start);
      let t = 0;
      const said = (inView: boolean | null) => (inView === null ? {} : { details: { inView } });
      for (const [postureStatus, seconds, inView] of parts)
        for (const end = t + seconds; t < end; t += 5)
          await feedback(desk, id, {
            postureStatus,
            timestamp: new Date(start.getTime() + t * 1000).toISOString(),
            ...said(inView),
          });
      await feedback(desk, id, {
        postureStatus: 'neutral',
        timestamp: new Date(start.getTime() + t * 1000).toISOString(),
        ...said(parts.at(-1)?.[2] === null ? null : false),
      });
      await server.http.post(`/sessions/${id}/end`, { at: 'lastFeedback' }, desk.accessToken);
      return (await server.http.get(`/sessions/${id}/report`, desk.accessToken)).body.data;
    };
    return { desk, session, calibrationId: cal };
  };

  it("gives the popup's desk days: today's and the last 7 days' good share (the insights') and sitting time", async () => {
    const { desk, session } = await deskUser();
    // Two days ago: 60 s good, 30 s poor, 30 s nobody in view (not judged). An hour ago: 60 s good, 60 s not judged.
    const earlier = await session(new Date(Date.now() - 2 * 86_400_000), [
      ['good', 60, true],
      ['poor', 30, true],
      ['neutral', 30, false],
    ]);
    const todayFrom = new Date(Date.now() - 3_600_000 - 60_000);
    const recent = await session(new Date(Date.now() - 3_600_000), [
      ['good', 60, true],
      ['neutral', 60, true],
    ]);
    // Sitting runs to the last look with somebody in view: the feedback 5 s before the next part.
    expect(earlier.sitting.sittingTime).toBe(85);
    expect(recent.sitting.sittingTime).toBe(115);

    const days = await server.http.get(
      `/analytics/desk-days?todayFrom=${encodeURIComponent(todayFrom.toISOString())}`,
      desk.accessToken,
    );
    expect(days.status).toBe(200);
    const insights = (await server.http.get('/sessions/insights?timeframe=7d', desk.accessToken)).body.data;
    // Not judged time is neither good nor poor: 120 s good of 240 s, 60 s good of 120 s.
    expect(days.body.data).toEqual({
      today: { sessionCount: 1, goodPosturePercentage: 50, sittingTime: 115 },
      last7Days: {
        sessionCount: 2,
        goodPosturePercentage: insights.progressIndicators.goodPosturePercentage,
        sittingTime: 200,
      },
    });
    expect(insights.progressIndicators.goodPosturePercentage).toBe(50);
    expect((await server.http.get('/analytics/desk-days?todayFrom=today', desk.accessToken)).status).toBe(
      400,
    );
    expect((await server.http.get('/analytics/desk-days', desk.accessToken)).status).toBe(400);
  });

  it("gives the analytics' sitting and breaks per day: the sessions that said who was in view, by their day", async () => {
    const { desk, session } = await deskUser();
    const DAY = 86_400_000;
    const noon = (daysAgo: number) =>
      new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY + 12 * 3_600_000);
    // Three days ago: 5 min at the desk, 4 min away (a break: the last look in view to the next is 245 s, over
    // BREAK_MIN_MS), 2 min back; then a minute in another session. Yesterday: a session of an older client that
    // never said who was in view (no sitting counted, none made up), and 100 s in view.
    const long = await session(noon(3), [
      ['good', 300, true],
      ['neutral', 240, false],
      ['good', 120, true],
    ]);
    expect(long.sitting).toEqual({ breaks: 1, longestStretch: 295, sittingTime: 410 });
    await session(new Date(noon(3).getTime() + 3_600_000), [['good', 60, true]]);
    const older = await session(noon(1), [['good', 60, null]]);
    expect(older.sitting).toBeNull();
    await session(new Date(noon(1).getTime() + 3_600_000), [['poor', 100, true]]);

    const trends = await server.http.get('/analytics/posture-trends?timeframe=7d', desk.accessToken);
    expect(trends.status).toBe(200);
    expect(trends.body.data.deskDays).toEqual([
      {
        date: noon(3).toISOString().slice(0, 10),
        sittingTime: 465,
        breaks: 1,
        longestStretch: 295,
        sessionCount: 2,
      },
      {
        date: noon(1).toISOString().slice(0, 10),
        sittingTime: 95,
        breaks: 0,
        longestStretch: 95,
        sessionCount: 1,
      },
    ]);
    // The popup's 7 days count the same sitting.
    const days = await server.http.get(
      `/analytics/desk-days?todayFrom=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
      desk.accessToken,
    );
    expect(days.body.data.last7Days.sittingTime).toBe(465 + 95);
  });

  it('counts sitting from when the feedback says the person was first in view to when last, not from feedback to feedback', async () => {
    const { desk, calibrationId } = await deskUser();
    const id = (await start_(desk, calibrationId)).body.data.id as string;
    const t0 = new Date(Date.now() - 120_000);
    await startedAt(server, id, t0);
    const at = (s: number) => new Date(t0.getTime() + s * 1000).toISOString();
    // Seen from 2 s; judged from 6 s (the reference taken), heartbeats to 61 s; last seen at 64 s, found gone at 65.
    for (let s = 6; s <= 61; s += 5)
      await feedback(desk, id, {
        postureStatus: 'good',
        timestamp: at(s),
        details: s === 6 ? { inView: true, inViewFrom: at(2) } : { inView: true },
      });
    await feedback(desk, id, {
      postureStatus: 'neutral',
      timestamp: at(65),
      details: { inView: false, lastInViewAt: at(64) },
    });
    // A time that is no time is not taken: the look of the feedback itself counts.
    await feedback(desk, id, {
      postureStatus: 'neutral',
      timestamp: at(70),
      details: { inView: false, lastInViewAt: 'yesterday' },
    });
    await server.http.post(`/sessions/${id}/end`, { at: 'lastFeedback' }, desk.accessToken);
    const report = (await server.http.get(`/sessions/${id}/report`, desk.accessToken)).body.data;
    expect(report.sitting).toEqual({ breaks: 0, longestStretch: 62, sittingTime: 62 });
  });

  it('keeps a session ended by leaving its page only when some of its time was judged', async () => {
    const run = async (statuses: string[]) => {
      const id = (await start(other, { mode: 'active', calibrationId: otherCalibrationId })).body.data
        .id as string;
      // A second per feedback, the last one a second ago.
      const t0 = Date.now() - statuses.length * 1000;
      await startedAt(server, id, new Date(t0));
      for (const [i, postureStatus] of statuses.entries())
        await feedback(other, id, { postureStatus, timestamp: new Date(t0 + i * 1000).toISOString() });
      return id;
    };
    // Nothing judged (not calibrated, nobody in view): not kept, gone from the history with its feedback.
    const unjudged = await run(['neutral', 'neutral']);
    const left = await server.http.post(`/sessions/${unjudged}/end`, { keep: 'judged' }, other.accessToken);
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({
      id: unjudged,
      kept: false,
      goodPostureTime: 0,
      poorPostureTime: 0,
    });
    expect((await server.http.get(`/sessions/${unjudged}/report`, other.accessToken)).status).toBe(404);
    const history = (await server.http.get('/sessions/history', other.accessToken)).body.data;
    expect(history.map((h: { id: string }) => h.id)).not.toContain(unjudged);
    expect((await server.http.get('/sessions/export/stats', other.accessToken)).body.data).toEqual({
      totalSessions: 0,
      totalFeedbackLogs: 0,
    });
    // A judged second is a session: kept.
    const judged = await run(['neutral', 'good', 'good']);
    const kept = await server.http.post(`/sessions/${judged}/end`, { keep: 'judged' }, other.accessToken);
    expect(kept.body.data).toMatchObject({ id: judged, kept: true });
    expect(kept.body.data.goodPostureTime).toBeGreaterThan(0);
    expect((await server.http.get(`/sessions/${judged}/report`, other.accessToken)).status).toBe(200);
    // Ended as before without it; a keep that is neither is refused in the envelope.
    const plain = await run(['neutral']);
    expect(
      (await server.http.post(`/sessions/${plain}/end`, { keep: 'sometimes' }, other.accessToken)).status,
    ).toBe(400);
    expect((await server.http.post(`/sessions/${plain}/end`, {}, other.accessToken)).body.data.kept).toBe(
      true,
    );
  });
});
