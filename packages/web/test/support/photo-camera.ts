// A camera that shows photos: the page's getUserMedia answers a canvas stream (1280×720 unless told) on which the
// test puts a photo of a person (fitted to the frame's height, centred, as someone sitting in front of the
// camera). For the browser tests that go through the photo calibration, and for those that turn a person from
// one posture to the next when they choose (showPosture), where a clip played by Chromium's fake camera would
// have to be waited on in real time. Set up before the page's first navigation.
import { type ClipPosture, personPostureDataUrl } from '@posture-vision/testkit/media';
import type { Page } from 'puppeteer-core';

export interface PhotoCameraOptions {
  width?: number;
  height?: number;
  /** A photo (data URL) in front of the camera from each document's start, before the test shows another. */
  first?: string;
}

export async function installPhotoCamera(page: Page, options: PhotoCameraOptions = {}): Promise<void> {
  await page.evaluateOnNewDocument(
    (width, height, first) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      let photo: HTMLImageElement | null = null;
      const draw = () => {
        const ctx = canvas.getContext('2d');
        if (!ctx) return;
        ctx.fillStyle = 'rgb(196,190,184)';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
        if (!photo) return;
        const scale = canvas.height / photo.naturalHeight;
        const photoWidth = photo.naturalWidth * scale;
        ctx.drawImage(photo, (canvas.width - photoWidth) / 2, 0, photoWidth, canvas.height);
      };
      const show = (url: string) =>
        new Promise<void>((resolve) => {
          const img = new Image();
          img.onload = () => {
            photo = img;
            draw();
            resolve();
          };
          img.src = url;
        });
      if (first) void show(first);
      setInterval(draw, 66);
      Object.assign(window, { showToCamera: show });
      navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(15);
    },
    options.width ?? 1280,
    options.height ?? 720,
    options.first ?? '',
  );
}

/** Puts the photo (a data URL) in front of the camera; resolves once it is drawn. */
export function showToCamera(page: Page, url: string): Promise<void> {
  return page.evaluate(
    (u) => (window as unknown as { showToCamera(u: string): Promise<void> }).showToCamera(u),
    url,
  );
}

const postureUrls = new Map<ClipPosture, string>();

/** The person of the camera clips in a posture (testkit's picture of it, 640×480), as a data URL. */
export function posturePhoto(posture: ClipPosture): string {
  let url = postureUrls.get(posture);
  if (!url) {
    url = personPostureDataUrl(posture);
    postureUrls.set(posture, url);
  }
  return url;
}

/** The live tool's camera (640×480) with the person of the camera clips sitting upright in front of it from the
 * start; showPosture turns them. */
export function installPostureCamera(page: Page): Promise<void> {
  return installPhotoCamera(page, { width: 640, height: 480, first: posturePhoto('upright') });
}

/** Puts the person of the camera clips in front of the camera in this posture; resolves once it is drawn. */
export function showPosture(page: Page, posture: ClipPosture): Promise<void> {
  return showToCamera(page, posturePhoto(posture));
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
