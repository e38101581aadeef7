import { describe, expect, it } from 'vitest';
import { cameraConstraintsFor, cameraProblem, listCameras, parseCameraChoice } from './camera-choice';

describe('camera choice', () => {
  it('reads the stored choice, and takes anything else for the default camera', () => {
    expect(parseCameraChoice('{"deviceId":"usb","label":"Logitech C920"}')).toEqual({
      deviceId: 'usb',
      label: 'Logitech C920',
    });
    for (const stored of [null, '', 'garbage', '{}', '{"deviceId":"","label":"x"}', 'null'])
      expect(parseCameraChoice(stored)).toBeNull();
  });

  it('lists the cameras by name, numbering a camera without one, and none before camera access', () => {
    expect(
      listCameras([
        { kind: 'audioinput', deviceId: 'mic', label: 'Microphone' },
        { kind: 'videoinput', deviceId: 'built-in', label: 'Integrated Camera' },
        { kind: 'videoinput', deviceId: 'usb', label: '' },
      ]),
    ).toEqual([
      { deviceId: 'built-in', label: 'Integrated Camera' },
      { deviceId: 'usb', label: 'Camera 2' },
    ]);
    // Before access is allowed the browser lists one camera with neither id nor name.
    expect(listCameras([{ kind: 'videoinput', deviceId: '', label: '' }])).toEqual([]);
  });

  it('asks for the chosen camera exactly, the default without a choice', () => {
    const base = { width: 640, height: 480 };
    expect(cameraConstraintsFor({ deviceId: 'usb', label: 'C920' }, base)).toEqual({
      ...base,
      deviceId: { exact: 'usb' },
    });
    expect(cameraConstraintsFor(null, base)).toEqual(base);
  });

  it.each([
    ['NotReadableError', 'busy'],
    ['AbortError', 'busy'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
  ])('a camera failing with %s is %s', (name, problem) => {
    expect(cameraProblem(new DOMException('x', name))).toBe(problem);
  });

  it('takes an error without a name for a refusal, as before the choice', () => {
    expect(cameraProblem(new Error('x'))).toBe('denied');
  });
});
