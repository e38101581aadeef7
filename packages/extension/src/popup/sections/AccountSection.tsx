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
          {signedIn ? account ? <SignedInAs email={account.email} /> : 'Signed in' : 'Not signed in'}
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

/** 'Signed in as <e-mail>', the address allowed to wrap only before its @ (a line break inside a word misreads). */
function SignedInAs({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <>
      Signed in as{' '}
      <span className="popup-email" title={email}>
        {at > 0 ? (
          <>
            <span className="popup-email-part">{email.slice(0, at)}</span>
            <wbr />
            <span className="popup-email-part">{email.slice(at)}</span>
          </>
        ) : (
          <span className="popup-email-part">{email}</span>
        )}
      </span>
    </>
  );
}
