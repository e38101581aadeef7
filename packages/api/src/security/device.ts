// Device and browser names for device sessions and login history, from the User-Agent header.
import { UAParser } from 'ua-parser-js';

export interface DeviceInfo {
  deviceType: string;
  device: string;
  browser: string;
  userAgent: string;
}

export function describeDevice(userAgent: string | undefined): DeviceInfo {
  const ua = userAgent ?? '';
  const parsed = UAParser(ua);
  const kind = parsed.device.type
    ? parsed.device.type[0]?.toUpperCase() + parsed.device.type.slice(1)
    : 'Desktop';
  const os = parsed.os.name ? ` (${parsed.os.name})` : '';
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${parsed.browser.major ? ` ${parsed.browser.major}` : ''}`
    : ua
      ? ua.split(/[\s/]/)[0] || 'Unknown'
      : 'Unknown';
  return { deviceType: `${kind}${os}`, device: `${kind}${os}`, browser, userAgent: ua.slice(0, 500) };
}
