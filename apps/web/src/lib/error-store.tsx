/**
 * The shared error store of spec §8: server errors that belong to no form land here and are shown to the
 * user by <ErrorBanner> until dismissed or replaced.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface ErrorStore {
  errors: string[];
  showErrors: (errors: string[]) => void;
  clearErrors: () => void;
}

const ErrorStoreContext = createContext<ErrorStore | null>(null);

export function ErrorStoreProvider({ children }: { children: ReactNode }) {
  const [errors, setErrors] = useState<string[]>([]);
  const showErrors = useCallback((next: string[]) => setErrors([...new Set(next)]), []);
  const clearErrors = useCallback(() => setErrors([]), []);
  const value = useMemo(() => ({ errors, showErrors, clearErrors }), [errors, showErrors, clearErrors]);
  return <ErrorStoreContext.Provider value={value}>{children}</ErrorStoreContext.Provider>;
}

export function useErrorStore(): ErrorStore {
  const store = useContext(ErrorStoreContext);
  if (!store) throw new Error('useErrorStore must be used inside <ErrorStoreProvider>');
  return store;
}
