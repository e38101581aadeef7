import { InfoPage } from './InfoPage';

/** The team's address, configured at build time (VITE_CONTACT_EMAIL). */
const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL ?? 'support@posturevision.app';

export default function ContactPage() {
  return (
    <InfoPage
      title="Contact"
      lead="Questions about the beta, enterprise plans or your account? We read every message."
    >
      <div className="card-grid three">
        <article className="card">
          <h2>Beta and support</h2>
          <p>Problems with calibration, sessions or your account.</p>
          <a href={`mailto:${CONTACT_EMAIL}?subject=Support`}>{CONTACT_EMAIL}</a>
        </article>
        <article className="card">
          <h2>Enterprise</h2>
          <p>Team plans, onboarding and privacy reviews.</p>
          <a href={`mailto:${CONTACT_EMAIL}?subject=Enterprise`}>Write to us about your team</a>
        </article>
        <article className="card">
          <h2>Early Bird</h2>
          <p>Be told when paid plans open, with the launch discount.</p>
          <a href={`mailto:${CONTACT_EMAIL}?subject=Early%20Bird`}>Get notified</a>
        </article>
      </div>
    </InfoPage>
  );
}
