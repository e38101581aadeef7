import { Link } from 'react-router-dom';
import { InfoPage } from './InfoPage';
import { SERVICES } from './services';

export default function ServicesPage() {
  return (
    <InfoPage
      title="Services"
      lead="Everything Posture Vision does for you, from the first calibration to lasting habits."
    >
      <div className="card-grid three">
        {SERVICES.map((s) => (
          <Link key={s.title} to="/service-details" className="card service-card">
            <h2>{s.title}</h2>
            <p>{s.text}</p>
            <span className="more">Learn more →</span>
          </Link>
        ))}
      </div>
    </InfoPage>
  );
}
