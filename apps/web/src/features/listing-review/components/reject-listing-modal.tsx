import { useEffect, useRef, useState, type FormEvent } from 'react';
import { rejectListingRequestSchema } from '@stg/domain/api/vendors';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { TextareaField } from '../../../components/textarea-field';
import { errorsOf } from '../../../lib/api-client';
import { useListingDecision } from '../api/review-queue';

interface RejectListingModalProps {
  vendorId: number;
  vendorName: string;
  onRejected: () => void;
}

/**
 * Reject a listing under review: the reason is required (the contract's message when it is blank) and is
 * mailed to the vendor, whose listing goes back to awaiting submission.
 */
export function RejectListingModal({ vendorId, vendorName, onRejected }: RejectListingModalProps) {
  const { closeModal } = useModal();
  const decide = useListingDecision(vendorId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => fieldRef.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decide.isPending) return;
    const parsed = rejectListingRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      fieldRef.current?.focus();
      return;
    }
    decide.mutateAsync({ kind: 'reject', reason: parsed.data.reason }).then(
      () => {
        closeModal();
        onRejected();
      },
      () => undefined, // shown in the dialog from the mutation's state
    );
  };

  return (
    <Modal title="Reject Listing" size="small">
      <form className="form" onSubmit={submit} noValidate aria-busy={decide.isPending}>
        <p className="listing-review__muted">
          Tell {vendorName} what to change. The reason is emailed to the vendor, and the listing goes back to
          setup until it is submitted again.
        </p>
        <ErrorList errors={decide.isError ? errorsOf(decide.error) : []} />
        <TextareaField
          ref={fieldRef}
          label="Reason"
          name="reason"
          rows={4}
          maxLength={1000}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={closeModal}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={decide.isPending}>
            Reject Listing
          </button>
        </div>
      </form>
    </Modal>
  );
}
