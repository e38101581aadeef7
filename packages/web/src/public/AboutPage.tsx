import { buttonClass } from '@posture-vision/ui';
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';

export default function AboutPage() {
  return (
    <InfoPage
      title="About Posture Vision"
      lead="We help desk workers sit better with AI that sees posture the way a clinician does."
    >
      <h2>Why we built it</h2>
      <p>
        Most of us spend eight hours or more at a desk. Forward head posture and rounded shoulders creep in
        without us noticing, and neck and back pain follow. Posture Vision watches for the drift and tells you
        in the moment.
      </p>
      <h2>How it works</h2>
      <p>
        A three-photo calibration records your own reference posture. During a session, your webcam video is
        analysed in real time: head, neck and shoulder keypoints, hands and signs of fatigue. Deviations show
        as an outline and correction arrows, and each session ends with a report.
      </p>
      <h2>Clinical foundation</h2>
      <p>
        Our models were trained from scratch, on images annotated by hand by a Doctor of Chiropractic. The
        metrics we report, such as the cranial vertebral angle, come from clinical posture assessment.
      </p>
      <p>
        <Link to="/register" className={buttonClass('primary')}>
          Join the beta
        </Link>
      </p>
    </InfoPage>
  );
}
