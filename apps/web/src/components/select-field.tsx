import { useId, type ComponentProps } from 'react';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

/** A labelled select. The placeholder is a disabled first option ("Select One" style). */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  id,
  className,
  ...select
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={`field ${className ?? ''}`.trim()}>
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...select}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
