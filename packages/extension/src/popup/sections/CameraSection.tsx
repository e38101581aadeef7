import {
  CAMERA_MESSAGES,
  cameraFallbackText,
  cameraInUseText,
  cameraNotConnectedText,
} from '@posture-vision/core';
import { useEffect, useState } from 'react';
import { send } from '../../messaging/runtime';
import {
  CAMERA_CHOICE_KEY,
  type CameraChoice,
  type CameraListing,
  listCameras,
  parseCameraChoice,
} from '../../rules/camera-choice';
import type { MonitorState } from '../../state/monitor-state';

/** The browser's cameras, by name, kept up to date as cameras are plugged in and out. */
function useCameras(): CameraListing[] {
  const [cameras, setCameras] = useState<CameraListing[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media) return;
    const refresh = () =>
      void media
        .enumerateDevices()
        .then((devices) => setCameras(listCameras(devices)))
        .catch(() => setCameras([]));
    refresh();
    media.addEventListener('devicechange', refresh);
    return () => media.removeEventListener('devicechange', refresh);
  }, []);
  return cameras;
}

/** The remembered choice (chrome.storage.local); none is the default camera. */
function useCameraChoice(): [CameraChoice | null, (c: CameraChoice | null) => void] {
  const [choice, setChoice] = useState<CameraChoice | null>(null);
  useEffect(() => {
    void chrome.storage.local.get(CAMERA_CHOICE_KEY).then((v) => {
      const stored = v[CAMERA_CHOICE_KEY];
      setChoice(parseCameraChoice(typeof stored === 'string' ? stored : null));
    });
  }, []);
  return [
    choice,
    (next) => {
      setChoice(next);
      const saved = next
        ? chrome.storage.local.set({ [CAMERA_CHOICE_KEY]: JSON.stringify(next) })
        : chrome.storage.local.remove(CAMERA_CHOICE_KEY);
      // Once stored, a running monitor switches to it.
      void saved.then(() => send('background', 'monitor/camera', undefined)).catch(() => undefined);
    },
  ];
}

/** Which camera monitoring opens (an external webcam, the one beside the main monitor), and the one it uses. */
export function CameraSection({ monitor }: { monitor: MonitorState }) {
  const cameras = useCameras();
  const [choice, setChoice] = useCameraChoice();
  const chosenAway = choice && !cameras.some((c) => c.deviceId === choice.deviceId) ? choice : null;
  return (
    <fieldset className="camera" data-testid="camera">
      <legend id="camera-legend">{CAMERA_MESSAGES.choice}</legend>
      <select
        aria-labelledby="camera-legend"
        data-testid="camera-choice"
        value={choice?.deviceId ?? ''}
        onChange={(e) => {
          const picked = cameras.find((c) => c.deviceId === e.target.value);
          setChoice(picked ? { deviceId: picked.deviceId, label: picked.label } : null);
        }}
      >
        <option value="">{CAMERA_MESSAGES.defaultCamera}</option>
        {cameras.map((c) => (
          <option key={c.deviceId} value={c.deviceId}>
            {c.label}
          </option>
        ))}
        {chosenAway && (
          <option value={chosenAway.deviceId}>{cameraNotConnectedText(chosenAway.label)}</option>
        )}
      </select>
      {cameras.length === 0 && <small className="popup-muted">{CAMERA_MESSAGES.unnamed}</small>}
      {monitor.camera && (
        <small className="popup-muted" data-testid="camera-in-use">
          {cameraInUseText(monitor.camera.label)}
        </small>
      )}
      {monitor.camera?.fallback && (
        <small className="popup-muted" data-testid="camera-fallback">
          {cameraFallbackText(monitor.camera.fallback)}
        </small>
      )}
    </fieldset>
  );
}
