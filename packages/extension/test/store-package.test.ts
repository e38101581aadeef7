// The store zip (`npm run package:extension`): built for the configured web origin, with nothing of this
// machine in it, only the permissions the README explains, and only the built files.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifest, PERMISSIONS } from '../manifest.config';
import pkg from '../package.json' with { type: 'json' };
import { packageForStore, storeOriginProblem } from '../scripts/package-extension';
import { CALL_APPS, callPatterns } from '../src/rules/call-apps';

const STORE_ENV = {
  VITE_WEB_ORIGIN: 'https://app.posture.example',
  VITE_API_URL: 'https://api.posture.example',
  VITE_VISION_URL: 'https://vision.posture.example',
};

describe('the store package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pv-extension-store-'));
  let files: Record<string, Uint8Array> = {};
  let built: {
    permissions: string[];
    host_permissions: string[];
    optional_host_permissions: string[];
    version: string;
  } & Record<string, unknown>;

  beforeAll(async () => {
    const { zip } = await packageForStore(STORE_ENV, dir);
    expect(zip).toBe(join(dir, `posture-vision-${pkg.version}.zip`));
    files = unzipSync(readFileSync(zip));
    built = JSON.parse(new TextDecoder().decode(files['manifest.json']));
  }, 300_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names no localhost anywhere in its manifest, and asks for the web app, API and vision origins only', () => {
    expect(JSON.stringify(built)).not.toMatch(/localhost|127\.0\.0\.1/);
    expect(built.host_permissions.sort()).toEqual([
      'https://api.posture.example/*',
      'https://app.posture.example/*',
      'https://vision.posture.example/*',
    ]);
    expect(built.content_scripts).toEqual([
      expect.objectContaining({ matches: ['https://app.posture.example/*'] }),
    ]);
  });

  it('asks for exactly the listed permissions and carries the package version', () => {
    expect(built.permissions).toEqual([...PERMISSIONS]);
    expect(built.version).toBe(pkg.version);
    expect(built.optional_permissions).toBeUndefined();
    // Asked for only when Quiet in calls is turned on: the real call apps' sites, https only.
    expect(built.optional_host_permissions).toEqual(callPatterns(CALL_APPS));
    expect(built.optional_host_permissions.every((p) => p.startsWith('https://'))).toBe(true);
  });

  it('holds the built files and icons, no source maps, build by-products or tests', () => {
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        'manifest.json',
        'icons/icon16.png',
        'icons/icon48.png',
        'icons/icon128.png',
        'src/popup/popup.html',
        'src/offscreen/offscreen.html',
      ]),
    );
    expect(names.filter((n) => /\.map$|(^|\/)\.vite\/|\.test\.|(^|\/)test\/|\.tsx?$/.test(n))).toEqual([]);
  });
});

describe('the origin a store build is for', () => {
  it('must be set, public and https', () => {
    expect(storeOriginProblem(undefined)).toMatch(/set VITE_WEB_ORIGIN/);
    expect(storeOriginProblem('http://localhost:5173')).toMatch(/not this machine/);
    expect(storeOriginProblem('http://127.0.0.1:5173')).toMatch(/not this machine/);
    expect(storeOriginProblem('http://app.posture.example')).toMatch(/must be https/);
    expect(storeOriginProblem('https://app.posture.example')).toBeNull();
  });

  it('refuses a test build’s call apps', async () => {
    const never = join(tmpdir(), 'pv-extension-never-written');
    await expect(
      packageForStore({ ...STORE_ENV, VITE_CALL_APPS: 'http://127.0.0.1:4100/call/' }, never),
    ).rejects.toThrow(/VITE_CALL_APPS/);
  });

  it('refuses to package for this machine', async () => {
    // Refused before anything is built or written.
    const never = join(tmpdir(), 'pv-extension-never-written');
    await expect(packageForStore({ VITE_WEB_ORIGIN: 'http://localhost:5173' }, never)).rejects.toThrow(
      /not this machine/,
    );
  });

  it('refuses API or vision addresses that are not https, including the http ones core would derive', async () => {
    const never = join(tmpdir(), 'pv-extension-never-written');
    await expect(packageForStore({ VITE_WEB_ORIGIN: 'https://app.posture.example' }, never)).rejects.toThrow(
      /VITE_API_URL must be the service's https address \(it would be http:\/\/app.posture.example:8000\)/,
    );
    await expect(
      packageForStore({ ...STORE_ENV, VITE_VISION_URL: 'http://vision.posture.example' }, never),
    ).rejects.toThrow(/VITE_VISION_URL must be/);
  });

  it('lets a development build (no origin configured) act on localhost only', async () => {
    const dev = (await manifest({})) as { host_permissions: string[] };
    expect(dev.host_permissions).toEqual(['http://localhost/*']);
  });

  it('derives the API and vision origins from the web origin when they are not configured', async () => {
    const m = (await manifest({ VITE_WEB_ORIGIN: 'https://app.posture.example' })) as {
      host_permissions: string[];
    };
    // core's base-URL rule: the API and the vision service on the web app's host (ports are not in patterns).
    expect(m.host_permissions).toEqual(['https://app.posture.example/*', 'http://app.posture.example/*']);
  });
});
