import { ensureSuccess, unwrap } from '@posture-vision/core';
import {
  clampTwoFactorCode,
  disable2faFailed,
  disableCodeFromPrompt,
  enable2faFailed,
  SETTINGS_MESSAGES,
  setup2faFailed,
  TWO_FACTOR_CODE_LENGTH,
  validateEnableCode,
} from '@posture-vision/core/settings';
import { Button } from '@posture-vision/ui';
import { useState } from 'react';
import { api } from '../../services/api';
import { failureReason } from './security-data';

/** Two-factor authentication: disabled → setup (QR code, secret) → enabled (section 4.6). */
export function TwoFactorSection({
  enabled,
  onChange,
}: {
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function startSetup() {
    setBusy(true);
    try {
      setSetup(unwrap(await api.security.setup2fa(), 'Setup failed'));
    } catch (error) {
      alert(setup2faFailed(failureReason(error)));
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    setSetup(null);
    setCode('');
  }

  async function enable() {
    const invalid = validateEnableCode(code);
    if (invalid) {
      alert(invalid);
      return;
    }
    setBusy(true);
    try {
      ensureSuccess(await api.security.enable2fa(code.trim()), 'Enable failed');
      cancel();
      onChange(true);
      alert(SETTINGS_MESSAGES.enabled);
    } catch (error) {
      alert(enable2faFailed(failureReason(error)));
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    const entered = disableCodeFromPrompt(prompt(SETTINGS_MESSAGES.disablePrompt));
    if (!entered) return;
    setBusy(true);
    try {
      ensureSuccess(await api.security.disable2fa(entered), 'Disable failed');
      onChange(false);
      alert(SETTINGS_MESSAGES.disabled);
    } catch (error) {
      alert(disable2faFailed(failureReason(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pv-card" data-testid="two-factor">
      <h2>Two-Factor Authentication</h2>
      {enabled ? (
        <>
          <p>
            Status: <strong data-testid="two-factor-status">Enabled</strong>
          </p>
          <Button variant="danger" onClick={disable} disabled={busy}>
            Disable 2FA
          </Button>
        </>
      ) : setup ? (
        <div className="pv-2fa-setup">
          <p>Scan this QR code with your authenticator app, or enter the secret by hand.</p>
          <img src={setup.qrCode} alt="2FA QR code" width={180} height={180} data-testid="two-factor-qr" />
          <p>
            Secret: <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <label>
            Verification code
            <input
              value={code}
              maxLength={TWO_FACTOR_CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
              onChange={(e) => setCode(clampTwoFactorCode(e.target.value))}
              data-testid="two-factor-code"
            />
          </label>
          <div className="pv-actions">
            <Button variant="primary" onClick={enable} disabled={busy}>
              Verify and Enable
            </Button>
            <Button onClick={cancel} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p>
            Status: <strong data-testid="two-factor-status">Disabled</strong>
          </p>
          <Button variant="primary" onClick={startSetup} disabled={busy}>
            Enable 2FA
          </Button>
        </>
      )}
    </section>
  );
}
