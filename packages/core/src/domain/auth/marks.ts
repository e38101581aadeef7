// Message marks and their styling: a check, cross or warning mark may start a
// message; 'successful' or a check mark is shown green, a warning mark as a warning, anything else red.

export const CHECK_MARK = '✅';
export const CROSS_MARK = '❌';
export const WARNING_MARK = '⚠️';

/** 'info': a prompt for the next step (the sign-in's two-factor code), neither a success nor a failure. */
export type MessageTone = 'success' | 'warning' | 'error' | 'info';

export function messageTone(message: string): MessageTone {
  const text = message.trim();
  if (text.startsWith(CHECK_MARK) || text.includes('successful')) return 'success';
  if (text.startsWith(WARNING_MARK)) return 'warning';
  return 'error';
}

/** A registration validation message: prefixed with a cross mark. */
export function crossed(message: string): string {
  return `${CROSS_MARK} ${message}`;
}
