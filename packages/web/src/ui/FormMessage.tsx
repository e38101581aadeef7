import { type MessageTone, messageTone } from '@posture-vision/core/auth';
import type { ReactNode } from 'react';

/**
 * The message slot of a form. It keeps its height whether empty or not, so a validation message never
 * shifts the layout. A warning or an error is an alert (read out at once), anything else a status.
 */
export function FormMessage({
  text,
  tone,
  children,
}: {
  text: string;
  tone?: MessageTone;
  children?: ReactNode;
}) {
  const resolved = text ? (tone ?? messageTone(text)) : undefined;
  return (
    <div
      className={`form-message${resolved ? ` tone-${resolved}` : ''}`}
      role={resolved === 'error' || resolved === 'warning' ? 'alert' : 'status'}
      data-testid="form-message"
    >
      {text}
      {children}
    </div>
  );
}
