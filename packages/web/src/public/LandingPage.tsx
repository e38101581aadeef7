import { buttonClass, Logo } from '@posture-vision/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../auth/auth-store';
import { ThemeToggle } from '../theme/ThemeToggle';
import { HeroTool } from './HeroTool';
import { PRICING_PLANS } from './pricing-plans';
import { PROMO_VIDEO_URL, VideoLightbox } from './VideoLightbox';

const DIFFERENCES = [
  {
    title: 'Medical-Grade Accuracy',
    text: 'Every training image was annotated by hand by a Doctor of Chiropractic, so the model measures what a clinician would.',
  },
  {
    title: 'Custom-Trained Models',
    text: 'Our models were trained from scratch for posture: head, neck and shoulder keypoints, hands, face and fatigue.',
  },
  {
    title: 'Real-Time Calibration',
    text: 'Three photos set your personal reference, so feedback follows your body rather than a generic template.',
  },
  {
    title: 'Professional Foundation',
    text: 'Cranial vertebral angle, forward head distance and shoulder tilt: the measures used in clinical posture assessment.',
  },
];

const JOURNEY = [
  {
    step: 'Pain',
    text: 'Hours at the desk pull the head forward and round the shoulders. Neck and back pain follow.',
  },
  {
    step: 'Awareness',
    text: 'Live feedback shows the moment your posture drifts, with arrows that show how to correct it.',
  },
  {
    step: 'Habit',
    text: 'Passive monitoring and gentle alerts turn corrections into habits while you work.',
  },
  {
    step: 'Peak Performance',
    text: 'Session reports and trends show the progress: better posture, more focus, less fatigue.',
  },
];

const FUN_FACTS = [
  { value: '17', label: 'body keypoints tracked per frame' },
  { value: '15 fps', label: 'live analysis from your webcam' },
  { value: '3', label: 'photos for a full calibration' },
  { value: '2 min', label: 'free demo, no account needed' },
];

const TECHNOLOGIES = ['TensorFlow', 'OpenCV', 'React', 'WebRTC', 'Python', 'Node.js'];

export default function LandingPage() {
  const [videoOpen, setVideoOpen] = useState(false);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return (
    <main className="landing">
      <section className="hero" id="hero">
        <div className="container hero-top">
          <Link to="/" className="brand" aria-label="Posture Vision home">
            <Logo />
          </Link>
          {/* The landing page has no top bar: a returning visitor still needs a way in. */}
          <div className="hero-top-actions">
            {signedIn ? (
              <Link to="/dashboard" className={buttonClass('secondary')}>
                Dashboard
              </Link>
            ) : (
              <Link to="/login" className={buttonClass('secondary')}>
                Sign In
              </Link>
            )}
            <ThemeToggle />
          </div>
        </div>
        <div className="container hero-grid">
          <div className="hero-copy" data-animate="fade-up">
            <p className="eyebrow">AI posture analysis</p>
            <h1>Sit better, feel better, with Posture Vision</h1>
            <p className="lead">
              Real-time posture feedback from your camera, powered by AI models trained from scratch and
              annotated by a Doctor of Chiropractic. Start a free 14-day trial, or try the 2-minute demo right
              here.
            </p>
            <div className="hero-actions">
              <Link to="/register" className={buttonClass('primary', 'lg')}>
                Start Free 14-Day Trial
              </Link>
              <a href="#hero-tool" className={buttonClass('secondary', 'lg')}>
                Try the 2-Minute Demo
              </a>
            </div>
          </div>
          <div id="hero-tool">
            <HeroTool />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title" className="section-title" data-animate="fade-up">
            Why Our AI Is Different
          </h2>
          <div className="card-grid four">
            {DIFFERENCES.map((d) => (
              <article key={d.title} className="card" data-animate="fade-up">
                <h3>{d.title}</h3>
                <p>{d.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section alt" aria-labelledby="journey-title">
        <div className="container">
          <h2 id="journey-title" className="section-title" data-animate="fade-up">
            From Pain to Peak Performance
          </h2>
          <ol className="journey">
            {JOURNEY.map((j) => (
              <li key={j.step} data-animate="fade-up">
                <h3>{j.step}</h3>
                <p>{j.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <div className="container feature-grid">
          <div data-animate="fade-up">
            <h2 id="features-title" className="section-title left">
              Built for the way you work
            </h2>
            <ul className="feature-list">
              <li>Live overlay and correction arrows on your own video</li>
              <li>Drowsiness, blinking and yawning detection</li>
              <li>Active and passive sessions with a report afterwards</li>
              <li>Posture score and CVA trends over time</li>
            </ul>
            <div className="fun-facts">
              {FUN_FACTS.map((f) => (
                <div key={f.label} className="fun-fact">
                  <strong>{f.value}</strong>
                  <span>{f.label}</span>
                </div>
              ))}
            </div>
          </div>
          <div className="video-card" data-animate="fade-up">
            <button type="button" className="play-button" onClick={() => setVideoOpen(true)}>
              <span aria-hidden="true">▶</span>
              <span>Watch the video</span>
            </button>
          </div>
        </div>
        {videoOpen && <VideoLightbox url={PROMO_VIDEO_URL} onClose={() => setVideoOpen(false)} />}
      </section>

      <section className="section alt" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title" className="section-title" data-animate="fade-up">
            How It's Built
          </h2>
          <p className="section-lead">
            Computer vision and real-time streaming, from the camera to your screen.
          </p>
          <ul className="tech-list" data-animate="fade-up">
            {TECHNOLOGIES.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="pricing-title" id="pricing">
        <div className="container">
          <h2 id="pricing-title" className="section-title" data-animate="fade-up">
            Pricing
          </h2>
          <div className="card-grid three">
            {PRICING_PLANS.map((plan) => (
              <article
                key={plan.name}
                className={`card plan${plan.popular ? ' popular' : ''}`}
                data-animate="fade-up"
                data-testid="pricing-plan"
              >
                {plan.popular && <span className="badge">Most Popular</span>}
                <h3>{plan.name}</h3>
                <p className="plan-subtitle">{plan.subtitle}</p>
                <p className="plan-price">
                  <strong>{plan.price}</strong> <span>{plan.period}</span>
                </p>
                {plan.savings && <p className="plan-savings">{plan.savings}</p>}
                <ul>
                  {plan.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
                <Link to={plan.target} className={buttonClass(plan.popular ? 'primary' : 'secondary')}>
                  {plan.cta}
                </Link>
              </article>
            ))}
          </div>
        </div>
      </section>
    </main>
  );
}
