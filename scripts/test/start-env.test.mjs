// `npm start` on other ports: each server is told where the others listen, so the API does not send photos to
// whatever answers on 8001 nor the vision service check tokens against whatever answers on 8000 (another stack on
// the default ports, say).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startEnv } from '../start-env.mjs';

test('moved ports reach every part: the servers find each other and the web app is built for them', () => {
  const env = startEnv({ API_PORT: '9100', VISION_PORT: '9101', WEB_PORT: '9102' });
  assert.equal(env.API_URL, 'http://localhost:9100');
  assert.equal(env.VISION_URL, 'http://localhost:9101');
  assert.equal(env.WEB_ORIGIN, 'http://localhost:9102');
  assert.equal(env.VITE_API_URL, 'http://localhost:9100');
  assert.equal(env.VITE_VISION_URL, 'http://localhost:9101');
});

test('addresses set explicitly are kept, and the default ports add nothing', () => {
  const env = startEnv({ API_PORT: '9100', API_URL: 'http://api.internal:9100', VISION_URL: 'http://v:1' });
  assert.equal(env.API_URL, 'http://api.internal:9100');
  assert.equal(env.VISION_URL, 'http://v:1');
  assert.deepEqual(startEnv({}), {});
});
