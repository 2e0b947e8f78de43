/**
 * One modal at a time (spec §2 Modals). `openModal(<SomeModal … />)` shows a modal whose component renders
 * <Modal title=…>; `closeModal()` closes it. Rendered inside the router and query providers, so modal
 * content can navigate and fetch. Content may be lazy: it renders once loaded.
 */
import {
  createContext,
  Fragment,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

interface ModalControls {
  openModal: (content: ReactNode) => void;
  closeModal: () => void;
  isOpen: boolean;
}

const ModalContext = createContext<ModalControls | null>(null);

export function ModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ key: number; content: ReactNode } | null>(null);
  // A fresh key per opening, so opening a modal of the same kind starts from a clean state.
  const openModal = useCallback(
    (content: ReactNode) => setOpen((previous) => ({ key: (previous?.key ?? 0) + 1, content })),
    [],
  );
  const closeModal = useCallback(() => setOpen(null), []);
  const value = useMemo(
    () => ({ openModal, closeModal, isOpen: open !== null }),
    [openModal, closeModal, open],
  );
  return (
    <ModalContext.Provider value={value}>
      {children}
      {open && (
        <Fragment key={open.key}>
          <Suspense fallback={null}>{open.content}</Suspense>
        </Fragment>
      )}
    </ModalContext.Provider>
  );
}

export function useModal(): ModalControls {
  const controls = useContext(ModalContext);
  if (!controls) throw new Error('useModal must be used inside <ModalProvider>');
  return controls;
}
