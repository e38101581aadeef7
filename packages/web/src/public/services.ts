// The services shown on /services; each card links to /service-details.
export const SERVICES = [
  {
    title: 'Real-Time Posture Monitoring',
    text: 'Live analysis of your webcam video with an outline of your reference posture and correction arrows.',
  },
  {
    title: 'Photo Calibration',
    text: 'Front, left and right photos give a posture score out of 100 and your key metrics.',
  },
  {
    title: 'Session Reports',
    text: 'Active and passive sessions end with a report: time in good posture, frequent issues, stability.',
  },
  {
    title: 'Analytics and Insights',
    text: 'Score and CVA trends, a session timeline and personalised recommendations.',
  },
  {
    title: 'Chrome Extension',
    text: 'Passive monitoring in the background while you work, with gentle alerts.',
  },
  {
    title: 'Team Programmes',
    text: 'Onboarding and dashboards for companies that want healthier teams.',
  },
];
