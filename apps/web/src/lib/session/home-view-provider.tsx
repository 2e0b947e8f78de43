/**
 * homeView UI state (spec §3, §4): 'user' or 'vendor', kept in browser session storage. Holds only an
 * explicit choice; with none, a vendor sees vendor view (see useSession).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { isOneOf } from '@stg/domain/is-one-of';
import { HOME_VIEWS, type HomeView } from '@stg/domain/routing';
import { readStorage, STORAGE_KEYS, writeStorage } from '../browser-storage';

interface HomeViewState {
  choice: HomeView | null;
  setHomeView: (view: HomeView) => void;
  resetHomeView: () => void;
}

const HomeViewContext = createContext<HomeViewState | null>(null);

function storedChoice(): HomeView | null {
  const raw = readStorage(STORAGE_KEYS.homeView);
  return isOneOf(HOME_VIEWS, raw) ? raw : null;
}

export function HomeViewProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<HomeView | null>(storedChoice);

  const setHomeView = useCallback((view: HomeView) => {
    writeStorage(STORAGE_KEYS.homeView, view);
    setChoice(view);
  }, []);

  const resetHomeView = useCallback(() => {
    writeStorage(STORAGE_KEYS.homeView, null);
    setChoice(null);
  }, []);

  const value = useMemo(() => ({ choice, setHomeView, resetHomeView }), [choice, setHomeView, resetHomeView]);
  return <HomeViewContext.Provider value={value}>{children}</HomeViewContext.Provider>;
}

export function useHomeViewChoice(): HomeViewState {
  const state = useContext(HomeViewContext);
  if (!state) throw new Error('useHomeViewChoice must be used inside <HomeViewProvider>');
  return state;
}
