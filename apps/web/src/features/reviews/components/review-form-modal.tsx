import { useState, type FormEvent } from 'react';
import { reviewFormProblem, REVIEW_BODY_MAX } from '@stg/domain/api/reviews';
import { ErrorList } from '../../../components/error-list';
import { Modal } from '../../../components/modal/modal';
import { useModalSubmit } from '../../../components/modal/use-modal-submit';
import { TextareaField } from '../../../components/textarea-field';
import { useCreateReview } from '../api/use-create-review';
import { StarRatingInput } from './star-rating-input';
import './review-form.css';

export const REVIEW_THANKS = 'Thank you for your review.';

export interface ReviewFormModalProps {
  vendorId: number;
  vendorName: string;
  /** The review was saved: the page shows `notice`. */
  onReviewed: (notice: string) => void;
}

/**
 * The review-form modal (spec §2 Modals, §5 Review): a score of 1-5 as stars and the review's text. The
 * form checks the spec's rule before sending; a refusal of the server shows above the form, which keeps
 * what was typed. One request at a time.
 */
export function ReviewFormModal({ vendorId, vendorName, onReviewed }: ReviewFormModalProps) {
  const [score, setScore] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { send, clearError, pending, errors } = useModalSubmit(useCreateReview(vendorId), onReviewed);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = reviewFormProblem({ score, body });
    setProblem(found);
    if (found || score === null) return;
    send({ body: body.trim(), score }, REVIEW_THANKS);
  };
  const changed = () => {
    setProblem(null);
    clearError();
  };

  return (
    <Modal title={`Review ${vendorName}`} size="medium">
      <form className="review-form" noValidate onSubmit={onSubmit} aria-busy={pending}>
        <ErrorList errors={problem ? [problem] : errors} />
        <StarRatingInput
          value={score}
          onChange={(next) => {
            setScore(next);
            changed();
          }}
        />
        <TextareaField
          label="Review"
          name="body"
          value={body}
          maxLength={REVIEW_BODY_MAX}
          onChange={(event) => {
            setBody(event.target.value);
            changed();
          }}
        />
        <div className="modal__actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Submitting…' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
