import { Button } from '@posture-vision/ui';
import { useEffect, useState } from 'react';
import { accountOf } from '../../state/account';
import { type Account, KEYS } from '../../state/monitor-state';
import { popupApi as api } from '../popup-api';

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
  // Read again each time the popup opens, so a picture or name changed in the web app since the sign-in shows
  // (the popup's own client: one refresh of the token at a time). Unanswered, what was stored stays.
  useEffect(() => {
    if (!signedIn) return;
    void api.profile
      .get()
      .then((answer) => {
        if (answer.success && answer.data?.email)
          return chrome.storage.local.set({ [KEYS.account]: accountOf(answer.data) });
      })
      .catch(() => undefined);
  }, [signedIn]);
  // A picture that does not load (offline, removed since) falls back to the initial.
  const [failed, setFailed] = useState<string | null>(null);
  const picture = signedIn && account?.picture && account.picture !== failed ? account.picture : null;
  return (
    <section className="popup-section popup-account" aria-label="Account">
      {picture ? (
        <img
          className="popup-avatar"
          src={picture}
          alt=""
          data-testid="account-picture"
          onError={() => setFailed(picture)}
        />
      ) : (
        <span className="popup-avatar" aria-hidden="true" data-testid="account-initial">
          {(account?.name || account?.email || '?').slice(0, 1).toUpperCase()}
        </span>
      )}
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
