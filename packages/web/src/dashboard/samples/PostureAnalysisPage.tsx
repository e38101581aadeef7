// Static sample page: hard-coded content, no calls.
import { SampleRibbon } from '@posture-vision/ui';

const SIDE_VIEW = [
  { name: 'Forward Head', value: '2.5 cm anterior', status: 'Moderate' },
  { name: 'Thoracic Kyphosis', value: '48°', status: 'Mild' },
  { name: 'Lumbar Lordosis', value: '38°', status: 'Normal' },
];
const FRONT_VIEW = [
  { name: 'Shoulder Tilt', value: '3° right high', status: 'Mild' },
  { name: 'Pelvic Tilt', value: '2° left high', status: 'Mild' },
];
const RECOMMENDATIONS = [
  'Perform chin tucks 3 sets of 10 daily to reduce forward head posture.',
  'Add thoracic extension stretches over a foam roller.',
  'Raise your monitor so the top edge is at eye level.',
  'Strengthen the mid-back with rows and band pull-aparts.',
];

function Findings({ title, rows }: { title: string; rows: typeof SIDE_VIEW }) {
  return (
    <section className="pv-card">
      <h2>{title}</h2>
      <table className="pv-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.value}</td>
              <td>{row.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function PostureAnalysisPage() {
  return (
    <div className="pv-sample-page">
      <h1>Posture Analysis</h1>
      <SampleRibbon />
      <p className="pv-muted">Analysis date: March 15, 2024</p>
      <section className="pv-card">
        <h2>Overall Assessment</h2>
        <span className="pv-badge pv-badge-warn">Needs Improvement</span>
      </section>
      <Findings title="Side View" rows={SIDE_VIEW} />
      <Findings title="Front View" rows={FRONT_VIEW} />
      <section className="pv-card">
        <h2>Recommendations</h2>
        <ul>
          {RECOMMENDATIONS.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
