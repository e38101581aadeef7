import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled input with an optional hint and error, both tied to the input for screen readers. */
export function Field({ label, hint, error, id, className, ...input }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      {hint && (
        <small id={hintId} className="ui-field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={errorId} className="ui-field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
