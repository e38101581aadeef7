// Pricing plans of the landing page (display only).
export interface PricingPlan {
  name: string;
  subtitle: string;
  price: string;
  period: string;
  savings: string | null;
  popular: boolean;
  features: string[];
  cta: string;
  /** Where the plan's button leads. */
  target: string;
}

export const PRICING_PLANS: PricingPlan[] = [
  {
    name: 'Beta Access',
    subtitle: 'Help shape Posture Vision',
    price: 'Free',
    period: 'during beta',
    savings: 'Free during beta',
    popular: true,
    features: [
      'Real-time posture monitoring',
      'Three-photo posture calibration',
      'Session reports and analytics',
      'Chrome extension for passive monitoring',
      'Direct line to the product team',
    ],
    cta: 'Join Beta',
    target: '/register',
  },
  {
    name: 'Early Bird',
    subtitle: 'For individuals after launch',
    price: 'TBD',
    period: 'per month',
    savings: 'Launch discount for beta members',
    popular: false,
    features: [
      'Everything in Beta Access',
      'Unlimited live sessions',
      'Full detection panels (Pro mode)',
      'Detailed progress reports',
    ],
    cta: 'Get Notified',
    target: '/contact',
  },
  {
    name: 'Enterprise',
    subtitle: 'For teams and organisations',
    price: 'Custom',
    period: 'per user',
    savings: null,
    popular: false,
    features: [
      'Everything in Early Bird',
      'Team dashboards and onboarding',
      'Priority support',
      'Deployment and privacy review',
    ],
    cta: 'Contact Us',
    target: '/contact',
  },
];
