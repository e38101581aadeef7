// The recalibration frequency is a browser setting, but the API decides when a calibration
// expires, for the web app and the extension alike: the web app sends it on every settings save and after each
// new calibration.
import { parseUserSettings, type UserSettings } from '@posture-vision/core/settings';
import { api } from '../../services/api';
import { readStored } from './user-settings';

/** Sends the browser's recalibration frequency to the API; a failure is thrown so the save says so. */
export async function sendRecalibrationFrequency(
  settings: UserSettings | null = null,
  storage: Storage = localStorage,
): Promise<void> {
  const { recalibrationFrequency } = settings ?? parseUserSettings(readStored(storage));
  const answer = await api.profile.saveSettings({ recalibrationFrequency });
  if (!answer.success) throw new Error(answer.message || 'The settings could not be sent to the server.');
}
