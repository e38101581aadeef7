import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  children: ReactNode;
}

/** A surface with an optional heading. */
export function Card({ title, children, className, ...rest }: CardProps) {
  return (
    <section className={className ? `ui-card ${className}` : 'ui-card'} {...rest}>
      {title && <h2 className="ui-card-title">{title}</h2>}
      {children}
    </section>
  );
}

/** The classes of a card that is itself a link (the whole card is the target). */
export function cardLinkClass(extra?: string): string {
  return extra ? `ui-card ui-card-link ${extra}` : 'ui-card ui-card-link';
}
