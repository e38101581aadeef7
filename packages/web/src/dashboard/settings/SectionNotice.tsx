// A settings section's message line: the specification's texts said in the page instead of native alert boxes,
// which blocked the tab and were out of reach of the page's own look. The line is always there (empty while
// silent) so a screen reader follows it as a live region: a failure as an alert, anything else as a status.
// The sample pages speak through it too.

import type { Ref } from 'react';

/** `info` says what an action does not do (a sample page's preview), in the page's ordinary text colour. */
export type Notice = { tone: 'success' | 'error' | 'info'; text: string } | null;

/** At the head of a section the line keeps its height while silent, so nothing under it moves when it speaks;
 * at the foot (`foot`, under the section's actions) it takes no room until it has something to say. */
export function SectionNotice({
  notice,
  testId,
  foot = false,
  ref,
}: {
  notice: Notice;
  testId: string;
  foot?: boolean;
  /** Given when focus may be sent to the line (its action went away with what it said), which makes it focusable. */
  ref?: Ref<HTMLParagraphElement>;
}) {
  const classes = ['pv-notice', foot ? 'pv-notice-foot' : '', notice ? `tone-${notice.tone}` : ''];
  return (
    <p
      className={classes.filter(Boolean).join(' ')}
      role={notice?.tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      ref={ref}
      tabIndex={ref ? -1 : undefined}
    >
      {notice?.text}
    </p>
  );
}
