// A session no client reports on any more (tab closed, reload never resumed) ends at its last feedback when it is
// next read or when its user starts another: its duration runs from its start to that feedback, and the time
// after it is neither good nor poor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_AFTER_MS } from '../src/sessions/service.ts';
import {
  type BackdatedFeedback,
  backdatedSession,
  databases,
  type SignedIn,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { startVisionDouble, type VisionDouble } from './vision-double.ts';

describe.each(databases)('abandoned sessions on %s', (kind) => {
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

  /** A new user's session started `ago` ms before now, with good feedback every 5 s for `ran` s from its start. */
  async function session(
    ago: number,
    ran: number,
  ): Promise<{ user: SignedIn; id: string; start: number; calibrationId: string }> {
    const start = Date.now() - ago;
    const feedback: BackdatedFeedback[] = [];
    for (let t = 0; t <= ran; t += 5) feedback.push({ t, status: 'good', kind: t ? 'heartbeat' : 'change' });
    return { ...(await backdatedSession(server, new Date(start), feedback)), start };
  }

  it('ends a silent session at its last feedback when read: duration and times stop there', async () => {
    // 10 s reported (feedback at 0, 5 and 10 s), then silence for longer than the limit.
    const { user, id, start } = await session(ABANDONED_AFTER_MS + 60_000, 10);
    expect((await server.http.get('/sessions/active', user.accessToken)).body.data).toBeNull();
    const report = (await server.http.get(`/sessions/${id}/report`, user.accessToken)).body.data;
    expect(report.endTime).toBe(new Date(start + 10_000).toISOString());
    expect(report.duration).toBe(10);
    expect(report.keyFindings).toMatchObject({
      goodPostureTime: 10,
      poorPostureTime: 0,
      neutralPostureTime: 0,
    });
    const [item] = (await server.http.get('/sessions/history?limit=1', user.accessToken)).body.data;
    expect(item).toMatchObject({ id, duration: 10, goodPostureTime: 10, poorPostureTime: 0 });
    const analytics = (await server.http.get('/sessions/analytics', user.accessToken)).body.data;
    expect(analytics.posture_distribution).toEqual({ good: 10, fair: 0, poor: 0 });
    // Ended: a late feedback is refused as for any ended session.
    const late = await server.http.post(
      `/sessions/${id}/feedback`,
      { postureStatus: 'good', timestamp: new Date().toISOString() },
      user.accessToken,
    );
    expect(late.status).toBe(409);
  });

  it('ends a silent session without feedback at its start (no time at all)', async () => {
    const { user, id } = await session(ABANDONED_AFTER_MS + 60_000, -1);
    const [item] = (await server.http.get('/sessions/history?limit=1', user.accessToken)).body.data;
    expect(item).toMatchObject({ id, duration: 0, goodPostureTime: 0, poorPostureTime: 0 });
    expect(item.endTime).toBe(item.startTime);
  });

  it('ends a silent session at its last feedback on a new start, before any read', async () => {
    const { user, id, start, calibrationId } = await session(ABANDONED_AFTER_MS + 60_000, 5);
    const next = await server.http.post(
      '/sessions/start',
      { mode: 'active', calibrationId },
      user.accessToken,
    );
    expect(next.status).toBe(201);
    const items = (await server.http.get('/sessions/history?limit=2', user.accessToken)).body.data;
    expect(items.map((s: { id: string }) => s.id)).toEqual([next.body.data.id, id]);
    expect(items[1]).toMatchObject({ duration: 5, goodPostureTime: 5, poorPostureTime: 0 });
    expect(items[1].endTime).toBe(new Date(start + 5_000).toISOString());
  });

  it('keeps a session reported on recently running, and ends it at its last feedback when asked', async () => {
    // 10 s reported, then a reload: the page offers the session back and the user ends it there.
    const { user, id, start } = await session(20_000, 10);
    expect((await server.http.get('/sessions/active', user.accessToken)).body.data).toMatchObject({ id });
    const ended = await server.http.post(`/sessions/${id}/end`, { at: 'lastFeedback' }, user.accessToken);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ id, duration: 10, goodPostureTime: 10, poorPostureTime: 0 });
    expect(ended.body.data.endTime).toBe(new Date(start + 10_000).toISOString());
  });

  it('refuses an end with an unknown `at` (400 in the envelope)', async () => {
    const { user, id } = await session(0, 0);
    const bad = await server.http.post(`/sessions/${id}/end`, { at: 'later' }, user.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect((await server.http.get('/sessions/active', user.accessToken)).body.data).toMatchObject({ id });
  });
});
