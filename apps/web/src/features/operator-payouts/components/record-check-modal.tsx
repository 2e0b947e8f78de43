import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PAYOUT_MESSAGES, type PaperCheckOwed } from '@stg/domain/api/payouts';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { errorsOf } from '../../../lib/api-client';
import { useMarkPaperCheckPaid } from '../api/paper-checks';
import { money } from '../paper-check-text';

/** The server's limits (ADR 0017), checked here first so the operator's words are never lost. */
export const CHECK_REFERENCE_MAX = 40;
export const NOTE_MAX = 500;

interface RecordCheckModalProps {
  payout: PaperCheckOwed;
  /** Tells the page what was recorded (its status line). */
  onRecorded: (message: string) => void;
}

/**
 * Record that a Paper Check was mailed: an optional check number and note. On success the order leaves the
 * list; a refusal (a dispute, 409; no longer owed, 404) is shown here and what was typed stays.
 */
export function RecordCheckModal({ payout, onRecorded }: RecordCheckModalProps) {
  const { closeModal } = useModal();
  const mark = useMarkPaperCheckPaid(payout.orderId);
  const [checkReference, setCheckReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ checkReference?: string; note?: string }>({});
  const referenceRef = useRef<HTMLInputElement>(null);

  useEffect(() => referenceRef.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mark.isPending) return;
    const reference = checkReference.trim();
    const text = note.trim();
    const found = {
      ...(reference.length > CHECK_REFERENCE_MAX
        ? { checkReference: PAYOUT_MESSAGES.checkReferenceTooLong }
        : {}),
      ...(text.length > NOTE_MAX ? { note: PAYOUT_MESSAGES.noteTooLong } : {}),
    };
    setErrors(found);
    if (found.checkReference || found.note) return;
    mark
      .mutateAsync({
        ...(reference ? { checkReference: reference } : {}),
        ...(text ? { note: text } : {}),
      })
      .then(
        ({ payout: recorded }) => {
          closeModal();
          onRecorded(
            recorded.recorded
              ? `Check sent to ${payout.vendor.name} for order ${payout.confirmationId} is recorded.`
              : `The check for order ${payout.confirmationId} had already been recorded.`,
          );
        },
        () => undefined, // shown in the dialog from the mutation's state
      );
  };

  return (
    <Modal title="Record Check Sent" size="small">
      <form className="form" onSubmit={submit} noValidate aria-busy={mark.isPending}>
        <p className="operator-payouts__muted">
          A check for <strong>{money(payout.amount)}</strong> to {payout.vendor.name}, order{' '}
          {payout.confirmationId}. Once recorded, the order’s payout is marked processed.
        </p>
        <ErrorList errors={mark.isError ? errorsOf(mark.error) : []} />
        <TextField
          ref={referenceRef}
          label="Check number (optional)"
          name="checkReference"
          autoComplete="off"
          maxLength={CHECK_REFERENCE_MAX}
          value={checkReference}
          error={errors.checkReference}
          onChange={(event) => {
            setCheckReference(event.target.value);
            setErrors(({ checkReference: _gone, ...rest }) => rest);
          }}
        />
        <TextareaField
          label="Note (optional)"
          name="note"
          rows={3}
          maxLength={NOTE_MAX}
          value={note}
          error={errors.note}
          onChange={(event) => {
            setNote(event.target.value);
            setErrors(({ note: _gone, ...rest }) => rest);
          }}
        />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={closeModal}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={mark.isPending}>
            {mark.isPending ? 'Recording…' : 'Record check sent'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
