// A settings section's message line: the specification's texts said in the page instead of native alert boxes,
// which blocked the tab and were out of reach of the page's own look. The line is always there (empty while
// silent) so a screen reader follows it as a live region: a failure as an alert, anything else as a status.

export type Notice = { tone: 'success' | 'error'; text: string } | null;

/** At the head of a section the line keeps its height while silent, so nothing under it moves when it speaks;
 * at the foot (`foot`, under the section's actions) it takes no room until it has something to say. */
export function SectionNotice({
  notice,
  testId,
  foot = false,
}: {
  notice: Notice;
  testId: string;
  foot?: boolean;
}) {
  const classes = ['pv-notice', foot ? 'pv-notice-foot' : '', notice ? `tone-${notice.tone}` : ''];
  return (
    <p
      className={classes.filter(Boolean).join(' ')}
      role={notice?.tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {notice?.text}
    </p>
  );
}
