import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { INPUT_TYPES, type InputType } from '@stg/domain/constants';
import { ErrorList } from '../../../components/error-list';
import { SelectField } from '../../../components/select-field';
import { errorsOf } from '../../../lib/api-client';
import { useReportUnsaved } from '../../../lib/use-report-unsaved';
import type { Vendor } from '@stg/domain/api/vendors';
import { useSavePricingInputs } from '../api/pricing-admin-api';
import {
  draftsFromInputs,
  INPUT_TYPE_LABELS,
  newQuestion,
  toPayload,
  validateQuestions,
  type QuestionDraft,
} from '../question-drafts';
import { QuestionEditor } from './question-editor';

const TYPE_OPTIONS = INPUT_TYPES.map((type) => ({ value: type, label: INPUT_TYPE_LABELS[type] }));

/**
 * The vendor's pricing questions (spec §3 Pricing input and option): edit, add and remove, checked on
 * the client, then saved as the WHOLE set with PATCH /api/vendors/{id}/update_pricing_input_options.
 */
export function QuestionsEditor({
  vendor,
  onUnsavedChange,
}: {
  vendor: Vendor;
  /** Hears whether the questions hold changes not saved yet. */
  onUnsavedChange?: (unsaved: boolean) => void;
}) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const save = useSavePricingInputs(vendor.id);
  const inputs = vendor.pricingInputs;
  const signature = JSON.stringify(inputs);
  const savedDrafts = useMemo(() => draftsFromInputs(JSON.parse(signature) as typeof inputs), [signature]);
  // Edits of the saved set; a new saved set (after Save Questions) starts a fresh copy.
  const [edit, setEdit] = useState<{ base: string; drafts: QuestionDraft[] } | null>(null);
  const drafts = edit && edit.base === signature ? edit.drafts : savedDrafts;
  const [newType, setNewType] = useState<InputType>('radio');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saved, setSaved] = useState(false);

  const update = (next: QuestionDraft[]) => {
    setEdit({ base: signature, drafts: next });
    setSaved(false);
  };
  const validation = useMemo(
    () => validateQuestions(drafts, { inputs, formula: vendor.pricingFormula }),
    [drafts, inputs, vendor.pricingFormula],
  );
  const changed = JSON.stringify(toPayload(drafts)) !== JSON.stringify(toPayload(savedDrafts));
  const fieldErrors = submitted ? validation.fields : {};
  useReportUnsaved(changed, onUnsavedChange);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (validation.summary.length > 0) return;
    save.mutate(toPayload(drafts), {
      onSuccess: () => {
        setEdit(null);
        setSubmitted(false);
        setSaved(true);
      },
    });
  };

  return (
    <section className="card pricing-admin__questions" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        Questions
      </h2>
      <p className="field__hint">
        The questions customers answer. Each alias is the name of its answer in the formula.
      </p>
      <form className="form" onSubmit={onSubmit} noValidate aria-busy={save.isPending}>
        {drafts.length === 0 && <p className="pricing-admin__empty">No questions yet.</p>}
        {drafts.map((question, index) => (
          <QuestionEditor
            key={question.key}
            question={question}
            index={index}
            errors={fieldErrors}
            autoFocus={question.key === focusKey}
            onChange={(next) => update(drafts.map((q) => (q.key === next.key ? next : q)))}
            onRemove={() => {
              update(drafts.filter((q) => q.key !== question.key));
              setFocusKey(null);
              headingRef.current?.focus();
            }}
          />
        ))}

        <div className="pricing-admin__add-question">
          <SelectField
            label="New question type"
            value={newType}
            options={TYPE_OPTIONS}
            onChange={(event) => setNewType(event.target.value as InputType)}
          />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              const question = newQuestion(newType);
              update([...drafts, question]);
              setFocusKey(question.key);
            }}
          >
            Add Question
          </button>
        </div>

        {submitted && <ErrorList errors={validation.summary} />}
        <ErrorList errors={save.isError ? errorsOf(save.error) : []} />
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Questions'}
          </button>
          <p role="status" className="form__status">
            {saved && !changed ? 'Questions saved' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
