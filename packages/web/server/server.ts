// The production web server: the built app (dist/) as static files with Fastify and @fastify/static —
// brotli or gzip variants made at build time chosen by Accept-Encoding, hashed assets cached as immutable,
// index.html never cached, index.html for every client-side route, and the security headers on every answer.
// Fastify because it is already the API's server (one server stack to know), it runs wherever `npm start`
// runs (Node only, no system package), and it is fast enough for static files; a balancer (HAProxy in
// `npm run start:cluster`) or a TLS terminator goes in front of it unchanged.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { SETTINGS_META } from '../src/services/settings.ts';
import { type BuildSettings, cacheControl, securityHeaders } from './headers.ts';
import { BUILD_INFO, type BuildInfo } from './production-build.ts';

export interface WebServerOptions {
  /** The build folder (index.html, assets/, and the build's .build.json). */
  root: string;
  logger?: boolean;
  /**
   * Addresses given to the server rather than built into the app (read per request, so they may be set after
   * the server started). Each one given wins over the build's: the page carries them in its settings meta tag
   * (src/services/settings.ts), and the security policy names them. One build can so serve any deployment.
   */
  settings?: () => BuildSettings;
}

/** Paths that are files of the build: a missing one is a 404, never the page (a script answered with HTML
 * would fail in confusing ways). */
const FILE_PATHS = /^\/(assets|detector)\//;

function readSettings(root: string): BuildSettings {
  const file = join(root, BUILD_INFO);
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as BuildInfo).settings ?? {};
}

export async function createWebServer(options: WebServerOptions): Promise<FastifyInstance> {
  const { root } = options;
  // Read per request: a test serves its folder first and builds into it once the API's address is known.
  let settings: { at: number; value: BuildSettings } = { at: -1, value: {} };
  const currentSettings = () => {
    const file = join(root, BUILD_INFO);
    const at = existsSync(file) ? statSync(file).mtimeMs : 0;
    if (at !== settings.at) settings = { at, value: readSettings(root) };
    return { ...settings.value, ...options.settings?.() };
  };
  const servedSettings = () => options.settings?.() ?? {};
  const app = Fastify({ logger: options.logger ?? false });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders(currentSettings(), request.hostname.replace(/:\d+$/, '')));
  });
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    // Cache-Control is set per file below; ETag and Last-Modified stay for revalidation.
    cacheControl: false,
    serveDotFiles: false,
    dotfiles: 'ignore',
    index: false,
    setHeaders(reply, path) {
      const served = relative(root, path).replace(/\.(br|gz)$/, '');
      reply.header('cache-control', cacheControl(served));
    },
  });
  const page = (reply: import('fastify').FastifyReply) => {
    reply.header('cache-control', cacheControl('index.html'));
    const given = servedSettings();
    if (Object.keys(given).length === 0) return reply.sendFile('index.html');
    const html = readFileSync(join(root, 'index.html'), 'utf8');
    return reply.type('text/html; charset=utf-8').send(withSettings(html, given));
  };
  app.get('/', (_request, reply) => page(reply));
  // The page by its file name too, so it never goes out without the settings given to the server.
  app.get('/index.html', (_request, reply) => page(reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !FILE_PATHS.test(path)) return page(reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  return app;
}

/** The page with the settings given to the server in its settings meta tag, the first thing in its head. */
export function withSettings(html: string, settings: BuildSettings): string {
  const content = JSON.stringify(settings)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;');
  const meta = `<meta name="${SETTINGS_META}" content="${content}" />`;
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}\n    ${meta}`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${meta}`);
}
