import { useId, type ComponentProps } from 'react';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled textarea with its error wired for assistive technology. Accepts react-hook-form's register(). */
export function TextareaField({ label, error, id, className, rows = 5, ...textarea }: TextareaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const errorId = error ? `${fieldId}-error` : undefined;
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
        aria-describedby={errorId}
        {...textarea}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
