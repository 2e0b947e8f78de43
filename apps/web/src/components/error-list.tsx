/** Server or form messages shown together, announced to screen readers. Renders nothing when empty. */
export function ErrorList({ errors, className = '' }: { errors: readonly string[]; className?: string }) {
  if (errors.length === 0) return null;
  return (
    <div className={`alert alert--error ${className}`.trim()} role="alert">
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
