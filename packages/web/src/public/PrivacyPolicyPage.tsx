import { InfoPage } from './InfoPage';

export default function PrivacyPolicyPage() {
  return (
    <InfoPage title="Privacy Policy" lead="What we collect, why, and what you control.">
      <h2>What we collect</h2>
      <p>
        Your account details (name, e-mail, birthday, phone), your calibration photos and their metrics, your
        session results and posture feedback, and sign-in records (time, device, IP address) for your
        security.
      </p>
      <h2>Camera video</h2>
      <p>
        Live video is streamed to our analysis service only while the camera is on. Frames are analysed in
        memory and are not stored; only the resulting posture measurements are kept in your sessions.
      </p>
      <h2>How we use it</h2>
      <p>
        To give posture feedback, build your reports and analytics, and keep your account secure. We do not
        sell your data or use it for advertising.
      </p>
      <h2>Your control</h2>
      <p>
        You can export your profile and session data as JSON or CSV from your profile, and delete your account
        with all its data from the settings.
      </p>
    </InfoPage>
  );
}
