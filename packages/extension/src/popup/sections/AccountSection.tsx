import { Button } from '@posture-vision/ui';
import type { Account } from '../../state/monitor-state';

/** Who the extension is signed in as, or the way to sign in. */
export function AccountSection({
  signedIn,
  account,
  onSignIn,
}: {
  signedIn: boolean;
  account: Account | null;
  onSignIn(): void;
}) {
  return (
    <section className="popup-section popup-account" aria-label="Account">
      <span className="popup-avatar" aria-hidden="true">
        {(account?.name || account?.email || '?').slice(0, 1).toUpperCase()}
      </span>
      <div className="popup-account-text">
        <span data-testid="sign-in">
          {signedIn ? (account ? `Signed in as ${account.email}` : 'Signed in') : 'Not signed in'}
        </span>
        {signedIn && account?.name && <small className="popup-muted">{account.name}</small>}
      </div>
      {!signedIn && (
        <Button size="sm" variant="primary" onClick={onSignIn}>
          Sign in
        </Button>
      )}
    </section>
  );
}
