export type MessageTone = 'success' | 'warning' | 'error';

/**
 * Styling of a form message (document 1, section 8): green when it contains 'successful' or starts with a
 * check mark, amber for a leading warning mark, red otherwise.
 */
export function messageTone(text: string): MessageTone {
  const t = text.trim();
  if (t.startsWith('✅') || t.startsWith('✔') || /successful/i.test(t)) return 'success';
  if (t.startsWith('⚠')) return 'warning';
  return 'error';
}
