// Feedback that arrives together is checked and stored together (sessions/feedback-store.ts): each event still
// gets its own answer — stored, another user's session (404), an ended session (409) — and every acknowledged
// event is in the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, type SignedIn, signUp, startTestServer, type TestServer } from './harness.ts';
import { dataUrl, jpegLike } from './images.ts';
import { measured, startVisionDouble, type VisionDouble } from './vision-double.ts';

describe.each(databases)('concurrent feedback ingest on %s', (kind) => {
  let server: TestServer;
  let vision: VisionDouble;
  let user: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    vision = await startVisionDouble();
    server = await startTestServer(kind, { VISION_URL: vision.url });
    [user, other] = await Promise.all([signUp(server), signUp(server)]);
  });
  afterAll(async () => {
    await server?.close();
    await vision?.close();
  });

  const startSession = async (who: SignedIn) => {
    const photos = (['front', 'left', 'right'] as const).map((viewType) => ({
      viewType,
      photoUrl: dataUrl(jpegLike(2000)),
    }));
    const calibration = await server.http.post(
      '/calibration',
      { photos, processWithML: false, mlAnalysis: await measured(photos) },
      who.accessToken,
    );
    const started = await server.http.post(
      '/sessions/start',
      { mode: 'active', calibrationId: calibration.body.data.id },
      who.accessToken,
    );
    return started.body.data.id as string;
  };

  it('answers each event of a mixed burst on its own and stores exactly the accepted ones', async () => {
    // Starting a session ends the user's running one: the ended session first.
    const ended = await startSession(user);
    await server.http.post(`/sessions/${ended}/end`, {}, user.accessToken);
    const running = await startSession(user);
    const othersSession = await startSession(other);
    const t0 = Date.now() - 60_000;
    const post = (session: string, i: number) =>
      server.http.post(
        `/sessions/${session}/feedback`,
        { postureStatus: i % 2 ? 'good' : 'poor', timestamp: new Date(t0 + i * 100).toISOString() },
        user.accessToken,
      );
    const burst = await Promise.all([
      ...Array.from({ length: 60 }, (_, i) => post(running, i)),
      ...Array.from({ length: 10 }, (_, i) => post(ended, i)),
      ...Array.from({ length: 10 }, (_, i) => post(othersSession, i)),
      post('not-a-session-id', 0),
    ]);
    const statuses = burst.map((a) => a.status);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(201));
    expect(statuses.slice(60, 70)).toEqual(Array(10).fill(409));
    expect(statuses.slice(70)).toEqual(Array(11).fill(404));
    const report = await server.http.get(`/sessions/${running}/report`, user.accessToken);
    expect(report.body.data.feedbackCount).toBe(60);
    const othersReport = await server.http.get(`/sessions/${othersSession}/report`, other.accessToken);
    expect(othersReport.body.data.feedbackCount).toBe(0);
  });
});
