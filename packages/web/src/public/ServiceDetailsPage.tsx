import { buttonClass } from '@posture-vision/ui';
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';
import { SERVICES } from './services';

export default function ServiceDetailsPage() {
  return (
    <InfoPage
      title="Service Details"
      lead="One workflow: calibrate once, monitor while you work, review your progress."
    >
      <ol className="steps">
        <li>
          <h2>1. Calibrate</h2>
          <p>
            Take three photos (front, left and right). The analysis gives your posture score out of 100, the
            cranial vertebral angle, forward head distance, shoulder tilt and head tilt, with goals for each
            issue it finds.
          </p>
        </li>
        <li>
          <h2>2. Monitor</h2>
          <p>
            Start an active session to see your posture live, or a passive one to work while Posture Vision
            watches. When your posture drifts from your reference, you see the outline and arrows that show
            the correction.
          </p>
        </li>
        <li>
          <h2>3. Review</h2>
          <p>
            Every session ends with a report. Analytics show your score and CVA over time, your best day and
            how consistent you are.
          </p>
        </li>
      </ol>
      <h2>All services</h2>
      <ul>
        {SERVICES.map((s) => (
          <li key={s.title}>
            <strong>{s.title}:</strong> {s.text}
          </li>
        ))}
      </ul>
      <p>
        <Link to="/register" className={buttonClass('primary')}>
          Get started
        </Link>
      </p>
    </InfoPage>
  );
}
