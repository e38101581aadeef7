import type { HTMLAttributes } from 'react';

export type PillTone = 'good' | 'poor' | 'warn' | 'info' | 'neutral';

export interface StatusPillProps extends HTMLAttributes<HTMLSpanElement> {
  tone: PillTone;
  children: string;
}

/** A short status with a coloured dot: the colour repeats the text, it never replaces it. */
export function StatusPill({ tone, children, className, ...rest }: StatusPillProps) {
  const classes = `ui-pill${tone === 'neutral' ? '' : ` ui-pill-${tone}`}`;
  return (
    <span className={className ? `${classes} ${className}` : classes} data-tone={tone} {...rest}>
      {children}
    </span>
  );
}
