import { useState } from 'react';
import { api } from '../../services/api';
import { ensureSuccess, unwrap } from '../envelope';
import { failureReason } from './securityData';

/** Section 9: the 2FA code is 6 characters. */
export const TOTP_CODE_LENGTH = 6;

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
      alert(`Failed to setup 2FA: ${failureReason(error)}`);
    } finally {
      setBusy(false);
    }
  }

  function cancel() {
    setSetup(null);
    setCode('');
  }

  async function enable() {
    if (!code.trim()) {
      alert('Please enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    try {
      ensureSuccess(await api.security.enable2fa(code.trim()), 'Enable failed');
      cancel();
      onChange(true);
      alert('2FA has been successfully enabled!');
    } catch (error) {
      alert(`Failed to enable 2FA: ${failureReason(error)}`);
    } finally {
      setBusy(false);
    }
  }

  async function disable() {
    const entered = prompt('Enter your 6-digit 2FA code to disable 2FA:');
    if (!entered?.trim()) return;
    setBusy(true);
    try {
      ensureSuccess(await api.security.disable2fa(entered.trim()), 'Disable failed');
      onChange(false);
      alert('2FA has been disabled');
    } catch (error) {
      alert(`Failed to disable 2FA: ${failureReason(error)}`);
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
          <button type="button" className="pv-btn pv-btn-danger" onClick={disable} disabled={busy}>
            Disable 2FA
          </button>
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
              maxLength={TOTP_CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
              onChange={(e) => setCode(e.target.value)}
              data-testid="two-factor-code"
            />
          </label>
          <div className="pv-actions">
            <button type="button" className="pv-btn pv-btn-primary" onClick={enable} disabled={busy}>
              Verify and Enable
            </button>
            <button type="button" className="pv-btn pv-btn-outline" onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>
            Status: <strong data-testid="two-factor-status">Disabled</strong>
          </p>
          <button type="button" className="pv-btn pv-btn-primary" onClick={startSetup} disabled={busy}>
            Enable 2FA
          </button>
        </>
      )}
    </section>
  );
}
