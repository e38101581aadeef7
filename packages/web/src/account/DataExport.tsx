import type { ExportStats } from '@posture-vision/core/api';
import { useState } from 'react';
import { api } from '../services/api';
import { FormMessage } from '../ui/FormMessage';
import {
  downloadText,
  type ExportFormat,
  type ExportKind,
  exportFileContent,
  exportFileName,
} from './exportFile';
import { profileErrorMessage } from './rules';

const LABEL: Record<ExportKind, { failed: string; done: (f: string) => string }> = {
  profile_data: {
    failed: 'Failed to export profile data',
    done: (f) => `Profile data exported successfully in ${f} format!`,
  },
  session_data: {
    failed: 'Failed to export session data',
    done: (f) => `Session data exported successfully in ${f} format!`,
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
        kind === 'profile_data'
          ? await api.profile.exportData(format)
          : await api.sessions.exportData(format);
      // The download proceeds only when the answer says success.
      if (answer.success !== true) throw new Error(answer.message || 'export refused');
      downloadText(exportFileName(kind, format), exportFileContent(answer.data), format);
      setMessage(LABEL[kind].done(format.toUpperCase()));
      onExported();
    } catch (error) {
      setMessage(`${LABEL[kind].failed}: ${profileErrorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  }

  const count = (n: number | undefined) => (typeof n === 'number' ? String(n) : '–');
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
        <fieldset className="plain export-group">
          <legend>Profile data</legend>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => run('profile_data', 'json')}
          >
            JSON
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => run('profile_data', 'csv')}
          >
            CSV
          </button>
        </fieldset>
        <fieldset className="plain export-group">
          <legend>Session data</legend>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => run('session_data', 'json')}
          >
            JSON
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => run('session_data', 'csv')}
          >
            CSV
          </button>
        </fieldset>
      </div>
    </section>
  );
}
