import { useErrorStore } from '../lib/error-store';

/** Shows the shared error store (spec §8) above the page content. */
export function ErrorBanner() {
  const { errors, clearErrors } = useErrorStore();
  if (errors.length === 0) return null;
  return (
    <div className="error-banner" role="alert">
      <div className="container error-banner__inner">
        <ul>
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
        <button type="button" className="button button--ghost button--small" onClick={clearErrors}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
