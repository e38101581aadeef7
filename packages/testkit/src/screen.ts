// A virtual screen (Xvfb, from Debian) for what a headless Chromium never draws: the browser's own notification
// toasts, which a user sees in a corner of the screen. Chromium runs headful on it (`launchChromium({ display })`)
// and draws its notifications itself (not through the desktop's notification service, which this machine has
// not), and its own dialogs, such as the one asking the user for a permission; the test captures the screen with
// ImageMagick's `import` and answers a dialog from the keyboard with xdotool.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { screenshotDir } from './chromium.ts';

export const SCREEN_SIZE = { width: 1280, height: 800 } as const;
const SCREEN_REGION = { x: 0, y: 0, ...SCREEN_SIZE };

/** Chromium's switches for notifications drawn by the browser; its window (at the screen's top left) leaves
 * NOTIFICATION_CORNER bare. */
export function notificationSwitches(): string[] {
  return ['--disable-features=NativeNotifications,SystemNotifications', '--window-size=860,600'];
}

/** A rectangle of the screen, in pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where Chromium draws a notification toast: the screen's lower right corner. */
export const NOTIFICATION_CORNER: Region = {
  x: SCREEN_SIZE.width - 400,
  y: SCREEN_SIZE.height - 180,
  width: 400,
  height: 180,
};

export interface Screen {
  /** The DISPLAY value, e.g. ":12". */
  display: string;
  /** Saves a region of the screen as a run artefact (`.artifacts/screenshots/<suite>/<name>.png`). */
  capture(suite: string, name: string, region?: Region): string;
  /** How much a region of the screen varies (the standard deviation of its grey levels, 0–1): 0 where nothing
   * is drawn on the bare screen. */
  variation(region: Region): number;
  /** The mean grey level of a region of the screen, 0 (black) to 1 (white). */
  meanGrey(region: Region): number;
  /** A signature of the screen's pixels: equal on two looks once nothing on it moves (a dialog done fading in). */
  signature(): string;
  /** Keys pressed on the screen's keyboard (xdotool's names: "Tab", "Return"), to whatever has the focus: how a
   * test answers the browser's own dialogs, which no page script or DevTools call reaches. */
  press(...keys: string[]): void;
  stop(): Promise<void>;
}

const geometry = (r: Region) => `${r.width}x${r.height}+${r.x}+${r.y}`;

/** Starts Xvfb on a display number it picks itself (`-displayfd`), so parallel test files never share one. */
export async function startScreen(): Promise<Screen> {
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '1', '-screen', '0', `${SCREEN_SIZE.width}x${SCREEN_SIZE.height}x24`, '-nolisten', 'tcp'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it gave its display`)));
  });
  const display = `:${number}`;
  const env = { ...process.env, DISPLAY: display };
  const grey = (region: Region, format: string) =>
    execFileSync(
      'import',
      ['-window', 'root', '-crop', geometry(region), '-colorspace', 'gray', '-format', format, 'info:'],
      { env },
    )
      .toString()
      .trim();
  return {
    display,
    capture(suite, name, region) {
      const file = join(screenshotDir(suite), `${name}.png`);
      execFileSync('import', ['-window', 'root', ...(region ? ['-crop', geometry(region)] : []), file], {
        env,
      });
      return file;
    },
    variation: (region) => Number(grey(region, '%[fx:standard_deviation]')),
    meanGrey: (region) => Number(grey(region, '%[fx:mean]')),
    signature: () => grey(SCREEN_REGION, '%#'),
    press(...keys) {
      execFileSync('xdotool', ['key', '--delay', '100', ...keys], { env });
    },
    async stop() {
      if (xvfb.exitCode !== null) return;
      xvfb.kill();
      await once(xvfb, 'exit');
    },
  };
}
