import type { ExportStats } from '@posture-vision/core/profile';
import {
  exportFileContent,
  exportFileName,
  exportSucceeded,
  profileErrorMessage,
  profileExportFailed,
  sessionExportFailed,
} from '@posture-vision/core/profile';
import { Button } from '@posture-vision/ui';
import { useState } from 'react';
import { api } from '../services/api';
import { FormMessage } from '../ui/FormMessage';
import { downloadText, type ExportFormat } from './export-file';

type ExportKind = 'profile' | 'session';

const TEXTS: Record<ExportKind, { failed: (reason: string) => string; done: (format: string) => string }> = {
  profile: { failed: profileExportFailed, done: exportSucceeded },
  // The specification gives no success text for session data; it mirrors the profile's.
  session: {
    failed: sessionExportFailed,
    done: (format) => `Session data exported successfully in ${format.toUpperCase()} format!`,
  },
};

export function DataExport({ stats, onExported }: { stats: ExportStats | null; onExported: () => void }) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(kind: ExportKind, format: ExportFormat) {
    setBusy(true);
    setMessage('');
    try {
      const answer =
        kind === 'profile' ? await api.profile.exportData(format) : await api.sessions.exportData(format);
      // The download proceeds only when the answer says success.
      if (answer.success !== true) throw new Error(answer.message || 'export refused');
      downloadText(exportFileName(kind, format), exportFileContent(answer.data, format), format);
      setMessage(TEXTS[kind].done(format));
      onExported();
    } catch (error) {
      setMessage(TEXTS[kind].failed(profileErrorMessage(error)));
    } finally {
      setBusy(false);
    }
  }

  const count = (n: number | undefined) => (typeof n === 'number' ? String(n) : '–');
  const group = (kind: ExportKind, legend: string) => (
    <fieldset className="plain export-group">
      <legend>{legend}</legend>
      {(['json', 'csv'] as const).map((format) => (
        <Button
          key={format}
          type="button"
          disabled={busy}
          aria-label={`Export ${legend.toLowerCase()} as ${format.toUpperCase()}`}
          onClick={() => run(kind, format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </fieldset>
  );
  return (
    <section className="panel export-panel" aria-labelledby="export-title">
      <h2 id="export-title">Data Export</h2>
      <dl className="stats" data-testid="export-stats">
        <div>
          <dt>Profile records</dt>
          <dd>{count(stats?.profile.totalRecords)}</dd>
        </div>
        <div>
          <dt>Sessions</dt>
          <dd>{count(stats?.sessions.totalSessions)}</dd>
        </div>
        <div>
          <dt>Feedback logs</dt>
          <dd>{count(stats?.sessions.totalFeedbackLogs)}</dd>
        </div>
      </dl>
      <FormMessage text={message} />
      <div className="export-actions">
        {group('profile', 'Profile data')}
        {group('session', 'Session data')}
      </div>
    </section>
  );
}
