// The Free Tier's time-up dialog: what the demo saw, and the e-mail capture that mails it as a sample report.
import {
  DEMO_SUMMARY_TEXTS,
  type DemoSummary,
  demoSummaryLines,
  failureText,
  type SampleReportRequest,
  sampleReportAlert,
  sampleReportFailed,
  validateCaptureEmail,
} from '@posture-vision/core';
import { Button, Dialog, DialogClose, Field } from '@posture-vision/ui';
import { type FormEvent, useState } from 'react';
import { api } from '../services/api';

/** Asks the API to mail the sample report (POST /demo/sample-report, no account). */
export function sendSampleReport(request: SampleReportRequest): Promise<unknown> {
  return api.demo.sampleReport(request);
}

const NO_TIME: DemoSummary = { goodSeconds: 0, poorSeconds: 0, notJudgedSeconds: 0, issues: {} };

/** The summary's lines of one kind (its times, or its issues) as label and value. */
function SummaryLines({ lines }: { lines: readonly { label: string; value: string }[] }) {
  return (
    <dl>
      {lines.map((line) => (
        <div key={line.label} data-testid="demo-summary-line">
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The demo's summary as the time-up dialog shows it and the sample report mails it (core's demoSummaryLines). */
function DemoSummaryView({ summary }: { summary: DemoSummary }) {
  const { times, issues } = demoSummaryLines(summary);
  return (
    <section className="live-demo-summary" data-testid="demo-summary" aria-label={DEMO_SUMMARY_TEXTS.heading}>
      <h3>{DEMO_SUMMARY_TEXTS.heading}</h3>
      <SummaryLines lines={times} />
      <h3>{DEMO_SUMMARY_TEXTS.issuesHeading}</h3>
      {issues.length ? <SummaryLines lines={issues} /> : <p>{DEMO_SUMMARY_TEXTS.noIssues}</p>}
    </section>
  );
}

type Outcome = { kind: 'sending' } | { kind: 'sent'; text: string } | { kind: 'failed'; text: string };

/** The time-up modal of the Free Tier: e-mail capture. Its two messages are the specification's words, shown
 * in the dialog (a refusal under the field, the confirmation announced in its place) rather than in native alert
 * boxes that block the tab. The confirmation is true: it shows once the API has handed the sample report, with
 * the demo's summary shown above, to the mail server; when it could not, the dialog says why. */
export function TimeUpModal({
  onClose,
  summary,
  send = sendSampleReport,
}: {
  onClose: () => void;
  /** What the demo saw; null (no demo ran) reports no time. */
  summary: DemoSummary | null;
  send?: (request: SampleReportRequest) => Promise<unknown>;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const figures = summary ?? NO_TIME;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (outcome?.kind === 'sending') return;
    const value = email.trim();
    const invalid = validateCaptureEmail(value);
    setError(invalid);
    if (invalid) return;
    setOutcome({ kind: 'sending' });
    try {
      await send({ email: value, summary: figures });
      setOutcome({ kind: 'sent', text: sampleReportAlert(value) });
      setEmail('');
    } catch (failure) {
      setOutcome({ kind: 'failed', text: sampleReportFailed(failureText(failure)) });
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Your free demo time is up"
      description="Enter your e-mail address to receive a sample posture report, or switch to Pro for unlimited time."
      className="live-modal"
    >
      <DemoSummaryView summary={figures} />
      {outcome && outcome.kind !== 'failed' && (
        <p role="status" data-testid="time-up-sent">
          {outcome.kind === 'sending' ? DEMO_SUMMARY_TEXTS.sending : outcome.text}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p role="alert" className="live-demo-failed" data-testid="time-up-failed">
          {outcome.text}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <Field
          label="E-mail address"
          type="email"
          placeholder="you@example.com"
          value={email}
          error={error ?? undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="ui-dialog-actions">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
          <Button type="submit" variant="primary" disabled={outcome?.kind === 'sending'}>
            Send me the report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
