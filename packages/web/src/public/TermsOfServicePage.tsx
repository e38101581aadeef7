import { InfoPage } from './InfoPage';

export default function TermsOfServicePage() {
  return (
    <InfoPage title="Terms of Service" lead="The rules for using Posture Vision.">
      <h2>The service</h2>
      <p>
        Posture Vision gives posture feedback and progress tracking. It is not a medical device and does not
        replace advice from a healthcare professional. If you have pain, see a clinician.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password secret and your details accurate. You are responsible for what happens in your
        account. Accounts created with Google sign in with Google.
      </p>
      <h2>Beta</h2>
      <p>
        During the beta the service is free and may change. Features can be added or removed, and there may be
        interruptions.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Use the camera features only on yourself or people who agreed to it. Do not attempt to disrupt the
        service.
      </p>
      <h2>Ending</h2>
      <p>You can delete your account at any time from the settings.</p>
    </InfoPage>
  );
}
