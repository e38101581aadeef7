// The production web server (server/server.ts) over HTTP, on a small build folder: which variant and which
// cache and security headers a browser gets for each kind of path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildSettings, cacheControl, contentSecurityPolicy } from '../../server/headers.ts';
import { BUILD_INFO } from '../../server/production-build.ts';
import { createWebServer } from '../../server/server.ts';
import { servedSettings } from '../../src/services/settings.ts';

const PAGE = '<!doctype html><title>Posture Vision</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pv-web-server-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'detector', 'wasm'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'detector', 'wasm', 'tfjs-backend-wasm-simd.wasm'), Buffer.from([0, 97, 115, 109]));
  writeFileSync(
    join(dir, BUILD_INFO),
    JSON.stringify({ settings: { VITE_API_URL: 'https://api.posture.example' } }),
  );
  app = await createWebServer({ root: dir });
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'app.posture.example', ...headers } });

describe('the production web server', () => {
  it('answers the page for the root and for every client-side route, never cached', async () => {
    for (const url of ['/', '/dashboard/analytics', '/reset-password?token=abc', '/login']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(PAGE);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends a hashed asset as brotli or gzip by Accept-Encoding, cached as immutable', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('revalidates files whose names do not change between releases', async () => {
    const res = await get('/detector/wasm/tfjs-backend-wasm-simd.wasm');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBeTruthy();
  });

  it('answers 404 for a missing build file instead of the page, and never serves the build settings', async () => {
    expect((await get('/assets/index-Gone99.js')).statusCode).toBe(404);
    expect((await get('/detector/models/none.json')).statusCode).toBe(404);
    const info = await get(`/${BUILD_INFO}`);
    expect(info.body).toBe(PAGE);
  });

  it('sends the security headers with a policy naming the built-in API and the vision service of the host', async () => {
    const res = await get('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("worker-src 'self' blob:");
    // VITE_API_URL was built in; the vision service follows the page's host (core's base-URL rule).
    expect(csp).toContain(
      "connect-src 'self' https://api.posture.example http://app.posture.example:8001 ws://app.posture.example:8001",
    );
    expect(csp).toContain("frame-ancestors 'none'");
    // Scripts only from the app itself: no inline script, no eval, no wildcard anywhere.
    expect(csp).toMatch(/(^|; )script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).not.toMatch(/'unsafe-eval'|\*/);
    expect(res.headers['permissions-policy']).toContain('camera=(self)');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('addresses given to the server', () => {
  it('go into the page and its security policy, over the built-in ones, on every route', async () => {
    let given: BuildSettings = { VITE_API_URL: 'https://api.elsewhere.example' };
    const served = await createWebServer({ root: dir, settings: () => given });
    try {
      for (const url of ['/', '/index.html', '/dashboard']) {
        const res = await served.inject({ method: 'GET', url, headers: { host: 'app.posture.example' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
        const page = new JSDOM(res.body).window.document;
        expect(servedSettings(page), url).toEqual({ VITE_API_URL: 'https://api.elsewhere.example' });
        expect(res.headers['content-security-policy'], url).toContain('https://api.elsewhere.example');
        expect(res.headers['content-security-policy'], url).not.toContain('https://api.posture.example');
      }
      // Set after the server started (a test gives the API's address once the API is up).
      given = { VITE_VISION_URL: 'https://vision.elsewhere.example/"><script>' };
      const res = await served.inject({ method: 'GET', url: '/', headers: { host: 'app.posture.example' } });
      const page = new JSDOM(res.body).window.document;
      expect(page.querySelectorAll('script')).toHaveLength(0);
      expect(servedSettings(page)).toEqual({
        VITE_VISION_URL: 'https://vision.elsewhere.example/"><script>',
      });
      expect(res.headers['content-security-policy']).toContain('https://api.posture.example');
    } finally {
      await served.close();
    }
  });

  it('none given: the page goes out as built', async () => {
    const res = await get('/index.html');
    expect(res.body).toBe(PAGE);
    expect(servedSettings(new JSDOM(res.body).window.document)).toEqual({});
  });
});

describe('header rules', () => {
  it('caches only the hashed assets for good', () => {
    expect(cacheControl('assets/LandingPage-x1.js')).toMatch(/immutable/);
    expect(cacheControl('index.html')).toBe('no-store');
    expect(cacheControl('posture-vision-extension.zip')).toBe('no-cache');
    expect(cacheControl('detector/models/movenet-lightning.bin')).toBe('no-cache');
  });

  it('follows a localhost page to the local API and vision service when nothing is built in', () => {
    expect(contentSecurityPolicy({}, 'localhost')).toContain(
      "connect-src 'self' http://localhost:8000 http://localhost:8001 ws://localhost:8001",
    );
  });

  it('lets the promotional video frame in only when one is configured', () => {
    expect(contentSecurityPolicy({}, 'localhost')).toContain("frame-src 'none'");
    expect(
      contentSecurityPolicy({ VITE_PROMO_VIDEO_URL: 'https://video.example/embed/1' }, 'localhost'),
    ).toContain('frame-src https://video.example');
  });
});
