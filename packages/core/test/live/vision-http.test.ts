// Model status, health check, calibration and test-calibration calls against a real loopback server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkModelStatus, requestCalibration, testCalibration } from '../../src/live';

type Reply = { status: number; body: unknown };
let routes: Record<string, Reply> = {};
const seen: { url: string; authorization?: string }[] = [];
let server: Server;
let httpUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    const reply = routes[req.url ?? ''] ?? { status: 404, body: { detail: 'Not Found' } };
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  httpUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const STATUS = '/model/realtime/face-direction-identifier';
const HEALTH = '/model/realtime/health-check';

describe('model status', () => {
  it('reads model_status and message, with the bearer token when there is one', async () => {
    routes = { [STATUS]: { status: 200, body: { model_status: 'ready', message: 'Models loaded' } } };
    seen.length = 0;
    expect(await checkModelStatus({ httpUrl, getAccessToken: () => 'tok' })).toEqual({
      kind: 'ready',
      label: 'Model status: ready',
      modelStatus: 'ready',
      message: 'Models loaded',
      loading: null,
    });
    expect(seen[0]?.authorization).toBe('Bearer tok');
  });

  it('reads how far loading is while the models load', async () => {
    routes = {
      [STATUS]: {
        status: 200,
        body: {
          model_status: 'loading',
          message: 'Loading the pose models',
          progress: { done: 1, total: 2 },
          loading_seconds: 12,
        },
      },
    };
    expect(await checkModelStatus({ httpUrl })).toMatchObject({
      kind: 'ready',
      modelStatus: 'loading',
      message: 'Loading the pose models',
      loading: { done: 1, total: 2, seconds: 12 },
    });
  });

  it.each([401, 403])('%i means the user must log in', async (status) => {
    routes = { [STATUS]: { status, body: {} } };
    expect(await checkModelStatus({ httpUrl })).toEqual({
      kind: 'auth',
      label: 'Authentication Required',
      status: 'Please log in to access the posture detection feature.',
    });
  });

  it('a failed status call falls back to the health check', async () => {
    routes = { [STATUS]: { status: 503, body: {} }, [HEALTH]: { status: 200, body: { status: 'ok' } } };
    expect(await checkModelStatus({ httpUrl })).toEqual({
      kind: 'unknown',
      label: 'Model status: Server reachable but model status unknown',
      status: 'Error connecting to server. Please check if the server is running.',
    });
  });

  it('both failing: the server is unreachable', async () => {
    routes = {};
    expect(await checkModelStatus({ httpUrl })).toEqual({
      kind: 'unreachable',
      label: 'Model status: Error - Failed to connect to server',
      status: 'Error connecting to server. Please check if the server is running.',
    });
    expect(await checkModelStatus({ httpUrl: 'http://127.0.0.1:1' })).toMatchObject({ kind: 'unreachable' });
  });
});

describe('calibration call', () => {
  const CAL = '/model/realtime/calibrate/123456';

  it("'No calibration data found' → 'Calibration failed - no data captured'", async () => {
    routes = {
      [CAL]: { status: 200, body: { message: 'No calibration data found', image: null, outline: [] } },
    };
    expect(await requestCalibration({ httpUrl, peerId: '123456', connected: true })).toEqual({
      ok: false,
      status: 'Calibration failed - no data captured',
      enableDebug: false,
    });
  });

  it("adds the service's reason and what to do next ('…: {reason}')", async () => {
    routes = {
      [CAL]: {
        status: 200,
        body: { message: 'No calibration data found', reason: 'nobody is in view', image: null, outline: [] },
      },
    };
    expect(await requestCalibration({ httpUrl, peerId: '123456', connected: true })).toMatchObject({
      ok: false,
      status:
        'Calibration failed - no data captured: nobody is in view. Sit upright facing the camera with your head and both shoulders in view, then click Calibrate Posture again.',
    });
  });

  it("another answer → 'Calibration failed - unexpected response'", async () => {
    routes = { [CAL]: { status: 200, body: { message: 'Something else' } } };
    expect(await requestCalibration({ httpUrl, peerId: '123456', connected: true })).toMatchObject({
      ok: false,
      status: 'Calibration failed - unexpected response',
    });
  });

  it("non-OK → 'Calibration error: {message}' and debug turns on", async () => {
    routes = { [CAL]: { status: 500, body: {} } };
    expect(await requestCalibration({ httpUrl, peerId: '123456', connected: true })).toEqual({
      ok: false,
      status: 'Calibration error: HTTP 500',
      enableDebug: true,
    });
    routes = { [CAL]: { status: 403, body: { success: false, error: { message: 'Forbidden' } } } };
    expect(await requestCalibration({ httpUrl, peerId: '123456', connected: true })).toMatchObject({
      status: 'Calibration error: Forbidden',
    });
  });

  it("needs a connected peer and a peer id: 'Not connected to server'", async () => {
    seen.length = 0;
    for (const args of [
      { peerId: '123456', connected: false },
      { peerId: null, connected: true },
    ]) {
      expect(await requestCalibration({ httpUrl, ...args })).toMatchObject({
        status: 'Not connected to server',
      });
    }
    expect(seen).toHaveLength(0);
  });

  it("test calibration: 'No peer ID available' and 'Test failed - {status}'", async () => {
    routes = {};
    expect(await testCalibration({ httpUrl, peerId: null })).toEqual({
      ok: false,
      status: 'No peer ID available',
    });
    expect(await testCalibration({ httpUrl, peerId: '654321' })).toEqual({
      ok: false,
      status: 'Test failed - 404',
    });
  });
});
