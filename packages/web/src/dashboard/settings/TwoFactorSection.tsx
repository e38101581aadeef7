import { ensureSuccess, unwrap } from '@posture-vision/core';
import {
  formatRecoveryCode,
  isRecoveryCodeShape,
  RECOVERY_CODE_MESSAGES,
  recoveryCodesFile,
  recoveryCodesLeftText,
} from '@posture-vision/core/auth';
import {
  clampTwoFactorCode,
  disable2faFailed,
  enable2faFailed,
  SETTINGS_MESSAGES,
  setup2faFailed,
  TWO_FACTOR_CODE_LENGTH,
  validateEnableCode,
} from '@posture-vision/core/settings';
import { Button } from '@posture-vision/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../services/api';
import { type Notice, SectionNotice } from './SectionNotice';
import { failureReason } from './security-data';

/**
 * Two-factor authentication: disabled → setup (QR code, secret) → enabled, with recovery codes.
 * The specification's texts are said in the page (a status line read by screen readers) instead of native
 * alert and prompt boxes, which blocked the tab; the disable code is asked for by a field, not a prompt.
 */
export function TwoFactorSection({
  enabled,
  email,
  onChange,
}: {
  enabled: boolean;
  /** Named in the downloaded recovery-codes file. */
  email?: string;
  onChange: (enabled: boolean) => void;
}) {
  const [setup, setSetup] = useState<{ qrCode: string; secret: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  /** Codes just made: shown once, until the user says they are saved. */
  const [codes, setCodes] = useState<string[] | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  /** Which confirmation form is open while enabled: turning 2FA off or making new codes. */
  const [asking, setAsking] = useState<'disable' | 'renew' | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [proof, setProof] = useState('');
  const codeId = useId();
  const proofId = useId();
  const codesRef = useRef<HTMLDivElement>(null);

  // Read again when codes are made or put away: the count of unused codes changed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: codes changing is what asks for a new count
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api.security.status2fa().then(
      (answer) => live && setLeft(answer.data?.recoveryCodesLeft ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, codes]);

  // The codes panel takes focus when it appears, so a keyboard or screen-reader user lands on it.
  useEffect(() => {
    if (codes) codesRef.current?.focus();
  }, [codes]);

  const say = (tone: 'success' | 'error', text: string) => setNotice({ tone, text });

  async function startSetup() {
    setBusy(true);
    setNotice(null);
    try {
      setSetup(unwrap(await api.security.setup2fa(), 'Setup failed'));
    } catch (error) {
      say('error', setup2faFailed(failureReason(error)));
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
      say('error', invalid);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.security.enable2fa(code.trim());
      ensureSuccess(answer, 'Enable failed');
      cancel();
      onChange(true);
      setCodes(answer.data?.recoveryCodes ?? null);
      say('success', SETTINGS_MESSAGES.enabled);
    } catch (error) {
      say('error', enable2faFailed(failureReason(error)));
    } finally {
      setBusy(false);
    }
  }

  function closeAsking() {
    setAsking(null);
    setUseRecovery(false);
    setProof('');
  }

  async function disable() {
    const entered = proof.trim();
    if (!entered) {
      say('error', useRecovery ? RECOVERY_CODE_MESSAGES.invalid : SETTINGS_MESSAGES.enterCode);
      return;
    }
    if (useRecovery && !isRecoveryCodeShape(entered)) {
      say('error', disable2faFailed(RECOVERY_CODE_MESSAGES.invalid));
      return;
    }
    setBusy(true);
    try {
      ensureSuccess(
        await api.security.disable2fa(useRecovery ? { recoveryCode: entered } : entered),
        'Disable failed',
      );
      closeAsking();
      setCodes(null);
      onChange(false);
      say('success', SETTINGS_MESSAGES.disabled);
    } catch (error) {
      say('error', disable2faFailed(failureReason(error)));
    } finally {
      setBusy(false);
    }
  }

  async function renew() {
    const invalid = validateEnableCode(proof);
    if (invalid) {
      say('error', invalid);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.security.regenerateRecoveryCodes(proof.trim());
      const fresh = unwrap(answer, 'Failed').recoveryCodes;
      closeAsking();
      setCodes(fresh);
      say('success', answer.message || RECOVERY_CODE_MESSAGES.created);
    } catch (error) {
      say('error', failureReason(error));
    } finally {
      setBusy(false);
    }
  }

  function download() {
    if (!codes) return;
    const file = new Blob([recoveryCodesFile(codes, email)], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = RECOVERY_CODE_MESSAGES.fileName;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function copy() {
    if (!codes) return;
    try {
      await navigator.clipboard.writeText(codes.map(formatRecoveryCode).join('\n'));
      say('success', RECOVERY_CODE_MESSAGES.copied);
    } catch {
      say('error', RECOVERY_CODE_MESSAGES.copyFailed);
    }
  }

  const askingForm = asking && (
    <form
      className="pv-2fa-confirm"
      onSubmit={(e) => {
        e.preventDefault();
        void (asking === 'disable' ? disable() : renew());
      }}
    >
      <label htmlFor={proofId}>
        {asking === 'disable' && useRecovery
          ? RECOVERY_CODE_MESSAGES.label
          : asking === 'disable'
            ? SETTINGS_MESSAGES.disablePrompt
            : SETTINGS_MESSAGES.enterCode}
      </label>
      <input
        id={proofId}
        value={proof}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        maxLength={useRecovery ? 20 : TWO_FACTOR_CODE_LENGTH}
        onChange={(e) => setProof(useRecovery ? e.target.value : clampTwoFactorCode(e.target.value))}
        data-testid="two-factor-proof"
      />
      {asking === 'disable' && (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setUseRecovery((r) => !r);
            setProof('');
          }}
        >
          {useRecovery ? RECOVERY_CODE_MESSAGES.useAppCode : RECOVERY_CODE_MESSAGES.useInstead}
        </button>
      )}
      <div className="pv-actions">
        <Button type="submit" variant={asking === 'disable' ? 'danger' : 'primary'} disabled={busy}>
          {asking === 'disable' ? 'Confirm Disable 2FA' : 'Create New Codes'}
        </Button>
        <Button onClick={closeAsking} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );

  return (
    <section className="pv-card" data-testid="two-factor">
      <h2>Two-Factor Authentication</h2>
      <SectionNotice notice={notice} testId="two-factor-message" />
      {codes && (
        <div className="pv-recovery-codes" ref={codesRef} tabIndex={-1} data-testid="recovery-codes">
          <h3>Recovery codes</h3>
          <p>{RECOVERY_CODE_MESSAGES.intro}</p>
          <ul>
            {codes.map((c) => (
              <li key={c}>
                <code>{formatRecoveryCode(c)}</code>
              </li>
            ))}
          </ul>
          <div className="pv-actions">
            <Button onClick={download}>Download</Button>
            <Button onClick={copy}>Copy</Button>
            <Button variant="primary" onClick={() => setCodes(null)}>
              I have saved them
            </Button>
          </div>
        </div>
      )}
      {enabled ? (
        <>
          <p>
            Status: <strong data-testid="two-factor-status">Enabled</strong>
            {left !== null && !codes && (
              <span className="pv-muted" data-testid="recovery-codes-left">
                {' '}
                · {recoveryCodesLeftText(left)}
              </span>
            )}
          </p>
          {asking ? (
            askingForm
          ) : (
            <div className="pv-actions">
              <Button variant="danger" onClick={() => setAsking('disable')} disabled={busy}>
                Disable 2FA
              </Button>
              <Button onClick={() => setAsking('renew')} disabled={busy}>
                New Recovery Codes
              </Button>
            </div>
          )}
        </>
      ) : setup ? (
        <div className="pv-2fa-setup">
          <p>Scan this QR code with your authenticator app, or enter the secret by hand.</p>
          <img src={setup.qrCode} alt="2FA QR code" width={180} height={180} data-testid="two-factor-qr" />
          <p>
            Secret: <code data-testid="two-factor-secret">{setup.secret}</code>
          </p>
          <label htmlFor={codeId}>Verification code</label>
          <input
            id={codeId}
            value={code}
            maxLength={TWO_FACTOR_CODE_LENGTH}
            inputMode="numeric"
            autoComplete="one-time-code"
            onChange={(e) => setCode(clampTwoFactorCode(e.target.value))}
            data-testid="two-factor-code"
          />
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
