import { describe, expect, it } from 'vitest';
import { CAMERA_RETRY_MS } from '../rules/camera-choice';
import { type CameraDevices, createCameraWatch, openCamera } from './camera';

/** The browser's cameras as a test sets them: plugged in and out, one of them taken by another app. */
function fakeDevices(cameras: { deviceId: string; label: string }[]) {
  const listeners = new Set<() => void>();
  const opened: MediaStreamConstraints[] = [];
  let busy = false;
  /** The newest device list handed out: awaiting it lets whatever read it act on it first. */
  let listed: Promise<unknown> = Promise.resolve();
  const devices: CameraDevices = {
    async getUserMedia(constraints) {
      opened.push(constraints);
      if (busy) throw new DOMException('Could not start video source', 'NotReadableError');
      const video = constraints.video as MediaTrackConstraints;
      const exact = (video.deviceId as { exact?: string } | undefined)?.exact;
      const camera = exact ? cameras.find((c) => c.deviceId === exact) : cameras[0];
      if (!camera)
        throw new DOMException(
          'Requested device not found',
          exact ? 'OverconstrainedError' : 'NotFoundError',
        );
      const track = { label: camera.label };
      return { getVideoTracks: () => [track] } as unknown as MediaStream;
    },
    enumerateDevices() {
      const list = Promise.resolve(cameras.map((c) => ({ ...c, kind: 'videoinput' as const })));
      listed = list;
      return list;
    },
    onDeviceChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    devices,
    opened,
    listeners,
    setBusy: (b: boolean) => {
      busy = b;
    },
    /** Resolves once the device list read after the last change has been acted on. */
    listed: () => listed.then(() => undefined),
    plug(next: { deviceId: string; label: string }[]) {
      cameras = next;
      for (const l of [...listeners]) l();
    },
  };
}

const BUILT_IN = { deviceId: 'built-in', label: 'Integrated Camera' };
const USB = { deviceId: 'usb', label: 'Logitech C920' };
const BASE = { width: 640, height: 480 };

describe('opening the chosen camera', () => {
  it('opens the chosen camera by its id, exactly', async () => {
    const fake = fakeDevices([BUILT_IN, USB]);
    const opened = await openCamera(fake.devices, USB, BASE);
    expect(opened).toMatchObject({ label: 'Logitech C920', fallback: false });
    expect(fake.opened).toEqual([{ video: { ...BASE, deviceId: { exact: 'usb' } }, audio: false }]);
  });

  it('opens the default camera without a choice', async () => {
    const opened = await openCamera(fakeDevices([BUILT_IN, USB]).devices, null, BASE);
    expect(opened).toMatchObject({ label: 'Integrated Camera', fallback: false });
  });

  it('opens the default camera, and says so, when the chosen one is not connected', async () => {
    const fake = fakeDevices([BUILT_IN]);
    const opened = await openCamera(fake.devices, USB, BASE);
    expect(opened).toMatchObject({ label: 'Integrated Camera', fallback: true });
    expect(fake.opened).toEqual([{ video: BASE, audio: false }]);
  });

  it('fails as before when there is no camera at all', async () => {
    await expect(openCamera(fakeDevices([]).devices, USB, BASE)).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });
});

describe('waiting for the camera', () => {
  it('tries again once the unplugged camera is plugged back in, not on another device change', async () => {
    const fake = fakeDevices([BUILT_IN]);
    const watch = createCameraWatch(fake.devices);
    let retries = 0;
    watch.wait({ problem: 'unplugged', deviceId: 'usb' }, () => retries++);
    expect(watch.waiting).toBe(true);
    // A headset plugged in is a device change too.
    fake.plug([BUILT_IN, { deviceId: 'headset', label: 'Headset' }]);
    await fake.listed();
    expect(retries).toBe(0);
    fake.plug([BUILT_IN, USB]);
    await fake.listed();
    expect(retries).toBe(1);
    expect(watch.waiting).toBe(false);
    // Once back, it listens no more.
    expect(fake.listeners.size).toBe(0);
  });

  it('with no camera to wait for in particular, any camera plugged in will do', async () => {
    const fake = fakeDevices([]);
    const watch = createCameraWatch(fake.devices);
    let retries = 0;
    watch.wait({ problem: 'unplugged', deviceId: null }, () => retries++);
    fake.plug([USB]);
    await fake.listed();
    expect(retries).toBe(1);
  });

  it('tries a busy camera again every retry interval, since nothing says when the other app lets it go', () => {
    const fake = fakeDevices([BUILT_IN]);
    const intervals: number[] = [];
    let tick: (() => void) | null = null;
    const watch = createCameraWatch(fake.devices, {
      every(ms, run) {
        intervals.push(ms);
        tick = run;
        return () => {
          tick = null;
        };
      },
    });
    let retries = 0;
    watch.wait({ problem: 'busy' }, () => retries++);
    expect(intervals).toEqual([CAMERA_RETRY_MS]);
    (tick as (() => void) | null)?.();
    expect(retries).toBe(1);
    // The retry ended the wait (the next failure waits again), and its timer with it.
    expect(tick).toBeNull();
    expect(watch.waiting).toBe(false);
  });

  it('stops waiting when cancelled (monitoring stopped)', async () => {
    const fake = fakeDevices([]);
    const watch = createCameraWatch(fake.devices);
    let retries = 0;
    watch.wait({ problem: 'unplugged', deviceId: null }, () => retries++);
    watch.cancel();
    fake.plug([USB]);
    await fake.listed();
    expect(retries).toBe(0);
    expect(watch.waiting).toBe(false);
  });
});
