// A settings section's message line: the specification's texts said in the page instead of native alert boxes,
// which blocked the tab and were out of reach of the page's own look. The line is always there (empty while
// silent) so a screen reader follows it as a live region: a failure as an alert, anything else as a status.

export type Notice = { tone: 'success' | 'error'; text: string } | null;

export function SectionNotice({ notice, testId }: { notice: Notice; testId: string }) {
  return (
    <p
      className={notice ? `pv-notice tone-${notice.tone}` : 'pv-notice'}
      role={notice?.tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {notice?.text}
    </p>
  );
}
