import { useId, type ComponentProps } from 'react';

type ConfirmCheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  error?: string | undefined;
};

/**
 * The confirm checkbox of the vendor's order modals (spec §5: a vendor cancel, a reschedule and a
 * completion each need it), with its message wired for assistive technology. Accepts register().
 */
export function ConfirmCheckbox({ label, error, id, ...input }: ConfirmCheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="field vendor-confirm">
      <label className="vendor-confirm__label" htmlFor={inputId}>
        <input
          id={inputId}
          type="checkbox"
          className="vendor-confirm__box"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
