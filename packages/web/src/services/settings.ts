// The app's deployment settings: the API's and the vision service's addresses and the promotional video.
// Each is built in (Vite's `VITE_*` at build time) or given to the web server when it starts, which writes it
// into the page's settings meta tag (server/server.ts); a setting the server gives wins over the built one, so
// one build serves any deployment. Neither given: core's base-URL rules follow the page's host.

/** The meta tag the web server writes the settings it was given into (JSON in its content). */
export const SETTINGS_META = 'posture-vision-settings';

/** The settings by name: Vite's names, whether built in or given to the server. */
export const SETTING_NAMES = [
  'VITE_API_URL',
  'VITE_VISION_URL',
  'VITE_VISION_WS_URL',
  'VITE_PROMO_VIDEO_URL',
] as const;
export type SettingName = (typeof SETTING_NAMES)[number];
export type AppSettings = Partial<Record<SettingName, string>>;

/** The settings in the page's meta tag; none when there is no tag or it does not hold a JSON object. */
export function servedSettings(doc: Pick<Document, 'querySelector'>): AppSettings {
  const content = doc.querySelector(`meta[name="${SETTINGS_META}"]`)?.getAttribute('content');
  if (!content) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
    );
  } catch {
    return {};
  }
}

let served: AppSettings | undefined;

/** One setting: the server's if it gave one, else the build's, else undefined. */
export function appSetting(name: SettingName): string | undefined {
  served ??= typeof document === 'undefined' ? {} : servedSettings(document);
  return served[name] ?? import.meta.env?.[name];
}
