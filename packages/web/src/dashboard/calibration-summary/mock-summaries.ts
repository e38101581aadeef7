// The routed calibration summary is mock content, hard-coded for ids 2 and 5 only.
export interface RoutedSummary {
  score: number;
  date: string;
  keyMetrics: { name: string; value: string; status: 'good' | 'warning' | 'poor' }[];
  postureDiagramUrl: string;
  goalSuggestions: { title: string; description: string }[];
}

/** A side-view posture diagram, drawn inline so the mock screen needs no asset server. */
function diagram(headOffset: number): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="260" viewBox="0 0 200 260">
<rect width="200" height="260" fill="#f3f4f6"/>
<line x1="100" y1="20" x2="100" y2="250" stroke="#9ca3af" stroke-dasharray="6 4"/>
<circle cx="${100 + headOffset}" cy="50" r="22" fill="none" stroke="#2563eb" stroke-width="4"/>
<line x1="${100 + headOffset}" y1="72" x2="100" y2="110" stroke="#2563eb" stroke-width="4"/>
<line x1="100" y1="110" x2="100" y2="190" stroke="#2563eb" stroke-width="4"/>
<line x1="100" y1="190" x2="80" y2="250" stroke="#2563eb" stroke-width="4"/>
</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export const MOCK_SUMMARIES: Readonly<Record<string, RoutedSummary>> = {
  '2': {
    score: 78,
    date: '2024-05-14',
    keyMetrics: [
      { name: 'Cranial Vertebral Angle', value: '47.5°', status: 'warning' },
      { name: 'Forward Head Distance', value: '85 units', status: 'good' },
      { name: 'Shoulder Tilt', value: '3.2°', status: 'good' },
      { name: 'Head Tilt', value: '6.1°', status: 'warning' },
    ],
    postureDiagramUrl: diagram(14),
    goalSuggestions: [
      { title: 'Reduce forward head posture', description: 'Practise chin tucks three times a day.' },
      { title: 'Level your head', description: 'Keep your screen centred at eye level.' },
    ],
  },
  '5': {
    score: 88,
    date: '2024-06-02',
    keyMetrics: [
      { name: 'Cranial Vertebral Angle', value: '51.2°', status: 'good' },
      { name: 'Forward Head Distance', value: '72 units', status: 'good' },
      { name: 'Shoulder Tilt', value: '2.1°', status: 'good' },
      { name: 'Head Tilt', value: '1.8°', status: 'good' },
    ],
    postureDiagramUrl: diagram(4),
    goalSuggestions: [
      { title: 'Maintain your posture', description: 'Keep up your routine and recalibrate monthly.' },
    ],
  },
};
