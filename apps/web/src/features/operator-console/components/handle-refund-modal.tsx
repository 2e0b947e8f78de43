import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HANDLED_NOTE_MAX, OPERATOR_MESSAGES, type FailedRefund } from '@stg/domain/api/operator';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { TextareaField } from '../../../components/textarea-field';
import { errorsOf } from '../../../lib/api-client';
import { useMarkRefundHandled } from '../api/console';
import { money } from '../console-text';

/**
 * Mark a refund that gave up as handled: a note (required, 500 characters at most) says how. The refund
 * leaves the list; a refusal is shown here and what was typed stays.
 */
export function HandleRefundModal({
  refund,
  onDone,
}: {
  refund: FailedRefund;
  onDone: (message: string) => void;
}) {
  const { closeModal } = useModal();
  const mark = useMarkRefundHandled(refund.id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const noteRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => noteRef.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mark.isPending) return;
    const text = note.trim();
    const problem =
      text === ''
        ? OPERATOR_MESSAGES.noteRequired
        : text.length > HANDLED_NOTE_MAX
          ? OPERATOR_MESSAGES.noteTooLong
          : undefined;
    setError(problem);
    if (problem) {
      noteRef.current?.focus();
      return;
    }
    mark.mutateAsync({ note: text }).then(
      () => {
        closeModal();
        onDone(`The refund for order ${refund.order.confirmationId} is marked handled.`);
      },
      () => undefined, // shown in the dialog from the mutation's state
    );
  };

  return (
    <Modal title="Mark Refund Handled" size="small">
      <form className="form" onSubmit={submit} noValidate aria-busy={mark.isPending}>
        <p className="console__note">
          A refund of <strong>{money(refund.amount)}</strong> to {refund.customer.name}, order{' '}
          {refund.order.confirmationId}. Say how it was settled (for example, refunded by the vendor, or the
          customer agreed to a credit).
        </p>
        <ErrorList errors={mark.isError ? errorsOf(mark.error) : []} />
        <TextareaField
          ref={noteRef}
          label="Note"
          name="note"
          rows={4}
          required
          maxLength={HANDLED_NOTE_MAX}
          value={note}
          error={error}
          onChange={(event) => {
            setNote(event.target.value);
            setError(undefined);
          }}
        />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={closeModal}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={mark.isPending}>
            {mark.isPending ? 'Saving…' : 'Mark handled'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
