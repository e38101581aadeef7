// A camera that shows photos: the page's getUserMedia answers a 1280×720 canvas stream on which the test puts a
// photo of a person (fitted to the frame's height, centred, as someone sitting in front of the camera), for the
// browser tests that go through the photo calibration and a session with still people (the journey and the
// keyboard-only journey). Set up before the page's first navigation.
import type { Page } from 'puppeteer-core';

export async function usePhotoCamera(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1280;
    canvas.height = 720;
    let photo: HTMLImageElement | null = null;
    const draw = () => {
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      ctx.fillStyle = 'rgb(196,190,184)';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (!photo) return;
      const scale = canvas.height / photo.naturalHeight;
      const width = photo.naturalWidth * scale;
      ctx.drawImage(photo, (canvas.width - width) / 2, 0, width, canvas.height);
    };
    setInterval(draw, 66);
    Object.assign(window, {
      showToCamera: (url: string) =>
        new Promise<void>((resolve) => {
          const img = new Image();
          img.onload = () => {
            photo = img;
            draw();
            resolve();
          };
          img.src = url;
        }),
    });
    navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(15);
  });
}

/** Puts the photo (a data URL) in front of the camera; resolves once it is drawn. */
export function showToCamera(page: Page, url: string): Promise<void> {
  return page.evaluate(
    (u) => (window as unknown as { showToCamera(u: string): Promise<void> }).showToCamera(u),
    url,
  );
}

/** Resolves once the page's video shows a frame drawn after the photo was put in front of the camera. */
export async function waitForCameraFrame(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const video = document.querySelector('video');
      return !!video && video.readyState >= 2 && video.videoWidth > 0;
    },
    { timeout: 20_000 },
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const video = document.querySelector('video') as HTMLVideoElement;
        video.requestVideoFrameCallback(() => video.requestVideoFrameCallback(() => resolve()));
      }),
  );
}
