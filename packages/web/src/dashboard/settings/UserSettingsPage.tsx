import {
  RECALIBRATION_FREQUENCIES,
  SESSION_MODES,
  SETTINGS_MESSAGES,
  type UserSettings,
} from '@posture-vision/core/settings';
import { Button } from '@posture-vision/ui';
import { useEffect, useRef, useState } from 'react';
import { type AlertPreferencesForm, AlertPreferencesSection } from './AlertPreferencesSection';
import {
  ActiveSessionsSection,
  DangerZoneSection,
  LoginActivitySection,
  ProfilePictureSection,
} from './account-security-sections';
import { sendRecalibrationFrequency } from './recalibration-frequency';
import { loadSecurityData, type SecurityData } from './security-data';
import { TwoFactorSection } from './TwoFactorSection';
import { loadUserSettings, saveUserSettings } from './user-settings';

/** The settings are kept in this browser, but calibration expiry is decided by the server, which did not get it. */
const SETTINGS_SERVER_UNREACHABLE =
  'Settings saved in this browser, but the server could not be reached: calibrations still expire by the previous frequency.';

const FREQUENCY_LABELS: Record<UserSettings['recalibrationFrequency'], string> = {
  never: 'Never',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

/** user-settings, labelled Settings: preferences, two-factor authentication, device sessions and security. */
export default function UserSettingsPage() {
  const [settings, setSettings] = useState<UserSettings | null>(null);
  const [security, setSecurity] = useState<SecurityData | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState('');
  const alerts = useRef<AlertPreferencesForm>(null);

  useEffect(() => {
    let live = true;
    loadUserSettings().then(
      (loaded) => live && setSettings(loaded),
      (error: unknown) => console.warn('Failed to load settings', error),
    );
    loadSecurityData().then((loaded) => live && setSecurity(loaded));
    return () => {
      live = false;
    };
  }, []);

  if (!settings) return <p className="pv-loading">{SETTINGS_MESSAGES.loading}</p>;

  function change(patch: Partial<UserSettings>) {
    setSaved(false);
    setSettings((current) => (current ? { ...current, ...patch } : current));
  }

  async function save() {
    if (!settings) return;
    // A warning delay out of its limit holds the whole form back: nothing is saved half.
    const problem = alerts.current?.problem();
    if (problem) {
      setSaved(false);
      setSaveError(problem);
      return;
    }
    setSaving(true);
    setSaveError('');
    try {
      const [alertsSaved] = await Promise.all([
        alerts.current?.save() ?? true,
        saveUserSettings(settings).then(() => sendRecalibrationFrequency(settings)),
      ]);
      // The alert section says itself why it was not saved.
      setSaved(alertsSaved);
    } catch (error) {
      console.warn('Failed to save settings', error);
      setSaveError(SETTINGS_SERVER_UNREACHABLE);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="pv-settings">
      <h1>Settings</h1>
      <fieldset disabled={saving} className="pv-settings-form">
        <section className="pv-card">
          <h2>Session Preferences</h2>
          <label>
            Default session mode
            <select
              value={settings.defaultSessionMode}
              onChange={(e) =>
                change({ defaultSessionMode: e.target.value as UserSettings['defaultSessionMode'] })
              }
              data-testid="default-session-mode"
            >
              {SESSION_MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {mode === 'active' ? 'Active' : 'Passive'}
                </option>
              ))}
            </select>
          </label>
        </section>
        <AlertPreferencesSection ref={alerts} />
        <section className="pv-card">
          <h2>Notifications</h2>
          <label className="pv-checkbox">
            <input
              type="checkbox"
              checked={settings.enableNotifications}
              onChange={(e) => change({ enableNotifications: e.target.checked })}
              data-testid="enable-notifications"
            />
            Enable posture notifications
          </label>
        </section>
        <section className="pv-card">
          <h2>Calibration</h2>
          <label>
            Recalibration frequency
            <select
              value={settings.recalibrationFrequency}
              onChange={(e) =>
                change({ recalibrationFrequency: e.target.value as UserSettings['recalibrationFrequency'] })
              }
              data-testid="recalibration-frequency"
            >
              {RECALIBRATION_FREQUENCIES.map((frequency) => (
                <option key={frequency} value={frequency}>
                  {FREQUENCY_LABELS[frequency]}
                </option>
              ))}
            </select>
          </label>
        </section>
      </fieldset>

      <ProfilePictureSection />
      <ActiveSessionsSection sessions={security?.deviceSessions ?? []} />
      <TwoFactorSection
        enabled={security?.twoFactorEnabled ?? false}
        onChange={(enabled) =>
          setSecurity((current) => (current ? { ...current, twoFactorEnabled: enabled } : current))
        }
      />
      {security?.loginStats && (
        <LoginActivitySection stats={security.loginStats} history={security.loginHistory} />
      )}
      <DangerZoneSection />

      <div className="pv-actions">
        <Button variant="primary" onClick={save} disabled={saving} data-testid="save-settings">
          {saving ? SETTINGS_MESSAGES.saving : 'Save Settings'}
        </Button>
        {saved && <span className="pv-saved">Settings saved.</span>}
        {saveError && (
          <span className="pv-error" role="alert">
            {saveError}
          </span>
        )}
      </div>
    </div>
  );
}
