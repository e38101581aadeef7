import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  /** Marks the input invalid; a text is shown under it and read with it. */
  error?: string | boolean;
}

/** A labelled input; its hint and error are tied to it (aria-describedby), so a screen reader reads them too. */
export function Field({ label, hint, error, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const described = [hint ? hintId : '', typeof error === 'string' && error ? errorId : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <small className="field-hint" id={hintId}>
          {hint}
        </small>
      )}
      {typeof error === 'string' && error && (
        <small className="field-error" id={errorId}>
          {error}
        </small>
      )}
    </div>
  );
}
