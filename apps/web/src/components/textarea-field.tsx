import { useId, type ComponentProps, type ReactNode } from 'react';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: string | undefined;
  /** Under the control (e.g. a character count), read with it. */
  hint?: ReactNode;
};

/** A labelled textarea with its error wired for assistive technology. Accepts react-hook-form's register(). */
export function TextareaField({
  label,
  error,
  hint,
  id,
  className,
  rows = 5,
  ...textarea
}: TextareaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`.trim()}>
      <label className="field__label" htmlFor={fieldId}>
        {label}
      </label>
      <textarea
        id={fieldId}
        className="field__control field__control--textarea"
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {hint && (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
