import { Link } from 'react-router-dom';
import { AuthCard } from '../ui/AuthCard';

export default function WelcomePage() {
  return (
    <AuthCard
      title="Welcome to Posture Vision"
      subtitle="Your e-mail is verified. Sign in to calibrate and start your first session."
    >
      <Link to="/login" className="btn btn-primary btn-block">
        Get Started
      </Link>
    </AuthCard>
  );
}
