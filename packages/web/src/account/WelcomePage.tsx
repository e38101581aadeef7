import { buttonClass } from '@posture-vision/ui';
import { Link } from 'react-router-dom';
import { AuthCard } from '../ui/AuthCard';

export default function WelcomePage() {
  return (
    <AuthCard
      title="Welcome to Posture Vision"
      subtitle="Your e-mail is verified. Sign in to calibrate and start your first session."
    >
      <Link to="/login" className={buttonClass('primary', 'md', true)}>
        Get Started
      </Link>
    </AuthCard>
  );
}
