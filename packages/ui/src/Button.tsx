import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The class list of a button, for links that look like one (react-router's Link, <a href>). */
export function buttonClass(
  variant: ButtonVariant = 'secondary',
  size: ButtonSize = 'md',
  block = false,
): string {
  return [
    'ui-btn',
    variant !== 'secondary' && `ui-btn-${variant}`,
    size !== 'md' && `ui-btn-${size}`,
    block && 'ui-btn-block',
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** React 19 passes refs as props. */
  ref?: Ref<HTMLButtonElement>;
}

/** A button. `type` defaults to "button" so a button in a form never submits it by accident. */
export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = buttonClass(variant, size, block);
  return <button type={type} className={className ? `${classes} ${className}` : classes} {...rest} />;
}
