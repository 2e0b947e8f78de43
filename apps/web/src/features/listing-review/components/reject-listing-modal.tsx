import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  REJECT_REASON_MAX,
  rejectListingRequestSchema,
  SEND_BACK_ITEM_LABELS,
  SEND_BACK_ITEMS,
  type SendBackItem,
} from '@stg/domain/api/vendors';
import { sendBackItemsOf } from '@stg/domain/listing-readiness';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModal } from '../../../components/modal/modal-provider';
import { TextareaField } from '../../../components/textarea-field';
import { errorsOf } from '../../../lib/api-client';
import { useListingDecision } from '../api/review-queue';

interface RejectListingModalProps {
  vendorId: number;
  vendorName: string;
  /** What the readiness rule still lists (the review card's Ready to Sell): its items start ticked. */
  missing: readonly string[];
  onRejected: () => void;
}

/**
 * Send a listing under review back (issue 25 §1): the operator ticks what to fix (Setup's steps; those the
 * readiness rule lists start ticked) and may add a reason in words; at least one of the two (the
 * contract's message otherwise). Both are mailed to the vendor and shown in Setup until it submits again.
 */
export function RejectListingModal({ vendorId, vendorName, missing, onRejected }: RejectListingModalProps) {
  const { closeModal } = useModal();
  const decide = useListingDecision(vendorId);
  const id = useId();
  const [fixes, setFixes] = useState<SendBackItem[]>(() => sendBackItemsOf(missing));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const firstRef = useRef<HTMLInputElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => firstRef.current?.focus(), []);

  const toggle = (item: SendBackItem, on: boolean) => {
    setFixes((current) => SEND_BACK_ITEMS.filter((i) => (i === item ? on : current.includes(i))));
    setError(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (decide.isPending) return;
    const parsed = rejectListingRequestSchema.safeParse({ reason, fixes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      fieldRef.current?.focus();
      return;
    }
    decide.mutateAsync({ kind: 'reject', reason: parsed.data.reason, fixes: parsed.data.fixes }).then(
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
          Tell {vendorName} what to change. It is emailed to the vendor and shown in their setup, and the
          listing goes back to setup until it is submitted again.
        </p>
        <ErrorList errors={decide.isError ? errorsOf(decide.error) : []} />
        <fieldset className="listing-review__fixes">
          <legend className="field__label">What to fix</legend>
          <ul>
            {SEND_BACK_ITEMS.map((item, index) => (
              <li key={item}>
                <label className="listing-review__fix" htmlFor={`${id}-${item}`}>
                  <input
                    ref={index === 0 ? firstRef : undefined}
                    id={`${id}-${item}`}
                    type="checkbox"
                    name="fixes"
                    value={item}
                    checked={fixes.includes(item)}
                    onChange={(event) => toggle(item, event.target.checked)}
                  />
                  <span>{SEND_BACK_ITEM_LABELS[item]}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <TextareaField
          ref={fieldRef}
          label="Reason"
          name="reason"
          rows={4}
          maxLength={REJECT_REASON_MAX}
          hint="Optional when you tick what to fix."
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
