import { buttonClass } from '@posture-vision/ui';
import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';

export default function NotFoundPage() {
  return (
    <InfoPage title="Page not found" lead="There is nothing at this address.">
      <p>
        <Link to="/" className={buttonClass('primary')}>
          Back to the home page
        </Link>
      </p>
    </InfoPage>
  );
}
