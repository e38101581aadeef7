// The environment `npm start` gives the servers and the web app's build when ports are moved from the defaults:
// every part finds every other where it now listens. The API lets the web app's origin in and sends photos to the
// vision service's port; the vision service checks tokens against the API's port; the web app is built to call
// both there (on the default ports core's base-URL rule finds them itself, and the app also works when opened by
// another host name). A value set explicitly is kept.
export function startEnv(env) {
  const out = { ...env };
  const at = (port) => `http://localhost:${port}`;
  if (out.WEB_PORT && !out.WEB_ORIGIN) out.WEB_ORIGIN = at(out.WEB_PORT);
  if (out.API_PORT && !out.VITE_API_URL) out.VITE_API_URL = at(out.API_PORT);
  if (out.VISION_PORT && !out.VITE_VISION_URL) out.VITE_VISION_URL = at(out.VISION_PORT);
  if (out.API_PORT && !out.API_URL) out.API_URL = at(out.API_PORT);
  if (out.VISION_PORT && !out.VISION_URL) out.VISION_URL = at(out.VISION_PORT);
  return out;
}
