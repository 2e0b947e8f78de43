import { useModal } from './modal-provider';
import { errorsOf } from '../../lib/api-client';
import { useSingleSubmit } from './use-single-submit';

/** What useModalSubmit needs of a TanStack Query mutation. */
interface ModalMutation<TVariables> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  reset: () => void;
  mutateAsync: (variables: TVariables) => Promise<unknown>;
}

/**
 * The submit of a modal's form that sends one request and, on success, closes the modal and hands the
 * page its notice (the customer's and the vendor's order modals). One request at a time
 * (useSingleSubmit); a refusal stays in the mutation's error state, shown by the modal (`errors`), and
 * `clearError` on a change clears it, but not while a request is on its way: its answer must show.
 */
export function useModalSubmit<TVariables>(
  mutation: ModalMutation<TVariables>,
  onDone: (notice: string) => void,
) {
  const { closeModal } = useModal();
  const submit = useSingleSubmit();
  const clearError = () => {
    if (!mutation.isPending) mutation.reset();
  };
  /** Sends `variables`; `onRefused` sees a failure before the modal shows it. */
  const send = (variables: TVariables, notice: string, onRefused?: (error: unknown) => void) =>
    submit(
      () =>
        mutation.mutateAsync(variables).catch((error: unknown) => {
          onRefused?.(error);
          throw error;
        }),
      () => {
        closeModal();
        onDone(notice);
      },
    );
  return {
    send,
    clearError,
    closeModal,
    pending: mutation.isPending,
    errors: mutation.isError ? errorsOf(mutation.error) : [],
  };
}
