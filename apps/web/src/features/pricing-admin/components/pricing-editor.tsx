import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { defaultSelections } from '@stg/domain/pricing';
import { ErrorList } from '../../../components/error-list';
import { useModal } from '../../../components/modal/modal-provider';
import { TextField } from '../../../components/text-field';
import { errorsOf } from '../../../lib/api-client';
import { useReportUnsaved } from '../../../lib/use-report-unsaved';
import type { Vendor } from '@stg/domain/api/vendors';
import {
  stageFormula,
  useRevertFormula,
  useSavePricing,
  type PricingChanges,
} from '../api/pricing-admin-api';
import { CalculatorPreview } from './calculator-preview';
import type { AnswerMap } from './pricing-answers';
import { PricingFormulaModal } from './pricing-formula-modal';
import { QuestionsEditor } from './questions-editor';
import { MIN_PRICE_STEP, minPriceError } from '../min-price';
import { effectiveFormula, previewPrice } from '../pricing-preview';
import { ServicePlans } from './service-plans';
import '../pricing-admin.css';

/** The formula and min price being edited (the saved ones until changed). */
export interface PricingDraft {
  formula: string;
  minPrice: number;
}

/**
 * The pricing editor of Pricing Preferences (spec §2), also Setup's Pricing step (ADR 0032): the
 * calculator preview, the Options panel (Min Price, Edit Formula, Revert to Previous Save, Save) and the
 * questions editor. `above` draws something from the draft above them (Setup's sample quote);
 * `onUnsavedChange` hears whether the options or the questions hold changes not saved yet.
 */
export function PricingEditor({
  vendor,
  above,
  onUnsavedChange,
}: {
  vendor: Vendor;
  above?: (draft: PricingDraft) => ReactNode;
  onUnsavedChange?: (unsaved: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const { openModal } = useModal();
  const ids = { options: useId() };
  const save = useSavePricing(vendor.id);
  const revert = useRevertFormula(vendor.id);

  // null: not edited, the saved value shows.
  const [minPriceDraft, setMinPriceDraft] = useState<string | null>(null);
  const [formulaDraft, setFormulaDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<'' | 'saved' | 'reverted'>('');

  const savedFormula = vendor.pricingFormula ?? null;
  const minPriceText = minPriceDraft ?? String(vendor.minPrice);
  const minPriceProblem = minPriceError(minPriceText);
  const minPrice = minPriceProblem ? vendor.minPrice : Number(minPriceText);
  const minPriceChanged = !minPriceProblem && minPrice !== vendor.minPrice;
  const formulaChanged = formulaDraft !== null && formulaDraft !== (savedFormula ?? '');
  const formula = formulaChanged ? formulaDraft : effectiveFormula(savedFormula);
  const changed = minPriceChanged || formulaChanged;
  const busy = save.isPending || revert.isPending;
  const [questionsChanged, setQuestionsChanged] = useState(false);
  const onQuestionsChanged = useCallback((value: boolean) => setQuestionsChanged(value), []);
  useReportUnsaved(changed || questionsChanged, onUnsavedChange);

  // The calculator's answers start from the defaults, and again whenever the saved questions change.
  const signature = JSON.stringify(vendor.pricingInputs);
  const [answerState, setAnswerState] = useState<{ base: string; answers: AnswerMap } | null>(null);
  const answers =
    answerState && answerState.base === signature
      ? answerState.answers
      : defaultSelections(vendor.pricingInputs);

  const stagedDraft =
    vendor.stagedFormula && vendor.stagedFormula !== savedFormula ? vendor.stagedFormula : null;

  const openFormula = () => {
    setStatus('');
    openModal(
      <PricingFormulaModal
        inputs={vendor.pricingInputs}
        initialFormula={formulaDraft ?? stagedDraft ?? effectiveFormula(savedFormula)}
        savedFormula={savedFormula}
        stagedFormula={vendor.stagedFormula ?? null}
        minPrice={minPrice}
        rate={vendor.priceToDurationRate}
        sampleAnswers={answers}
        onApply={(applied) => {
          setFormulaDraft(applied === savedFormula ? null : applied);
          setStatus('');
        }}
        onStage={(draft) => void stageFormula(queryClient, vendor.id, draft)}
      />,
    );
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || minPriceProblem || busy) return;
    const changes: PricingChanges = {};
    if (minPriceChanged) changes.minPrice = minPrice;
    if (formulaChanged) changes.pricingFormula = formulaDraft;
    revert.reset();
    save.mutate(changes, {
      onSuccess: () => {
        setMinPriceDraft(null);
        setFormulaDraft(null);
        setStatus('saved');
      },
    });
  };

  const onRevert = () => {
    save.reset();
    setStatus('');
    revert.mutate(undefined, {
      onSuccess: () => {
        setFormulaDraft(null);
        setStatus('reverted');
      },
    });
  };

  const serverErrors = [
    ...(save.isError ? errorsOf(save.error) : []),
    ...(revert.isError ? errorsOf(revert.error) : []),
  ];

  return (
    <>
      {above?.({ formula, minPrice })}
      <div className="pricing-admin__top">
        <CalculatorPreview
          inputs={vendor.pricingInputs}
          formula={formula}
          minPrice={minPrice}
          rate={vendor.priceToDurationRate}
          answers={answers}
          onAnswersChange={(next) => setAnswerState({ base: signature, answers: next })}
        />

        <section className="card pricing-admin__options" aria-labelledby={ids.options}>
          <h2 id={ids.options}>Options</h2>
          <form className="form" onSubmit={onSave} noValidate aria-busy={busy}>
            <TextField
              label="Min Price"
              type="number"
              inputMode="decimal"
              min={0}
              step={MIN_PRICE_STEP}
              value={minPriceText}
              hint="Dollars, in steps of 0.50. No price is ever lower."
              error={minPriceProblem ?? undefined}
              onChange={(event) => {
                setMinPriceDraft(event.target.value);
                setStatus('');
              }}
            />
            <div className="pricing-admin__formula">
              <p className="field__label">Formula{formulaChanged ? ' (not saved yet)' : ''}</p>
              <code className="pricing-admin__formula-text">{formula}</code>
              {stagedDraft !== null && formulaDraft === null && (
                <p className="field__hint">
                  You have an unsaved formula draft: open Edit Formula to go on with it.
                </p>
              )}
            </div>
            <div className="pricing-admin__links">
              <button type="button" className="link-button" aria-haspopup="dialog" onClick={openFormula}>
                Edit Formula
              </button>
              <button
                type="button"
                className="link-button"
                disabled={!vendor.hasPreviousFormula || busy}
                onClick={onRevert}
              >
                Revert to Previous Save
              </button>
            </div>
            <ErrorList errors={serverErrors} />
            <div className="form__actions">
              <button
                type="submit"
                className="button button--primary"
                disabled={!changed || minPriceProblem !== null || busy}
              >
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
              <p role="status" className="form__status">
                {status === 'saved' && !changed
                  ? 'Saved'
                  : status === 'reverted'
                    ? 'Reverted to the previous save'
                    : ''}
              </p>
            </div>
          </form>
        </section>
      </div>

      <ServicePlans
        vendor={vendor}
        priceCents={
          previewPrice({
            formula,
            minPrice,
            rate: vendor.priceToDurationRate,
            inputs: vendor.pricingInputs,
            answers,
          }).priceCents
        }
      />

      <QuestionsEditor vendor={vendor} onUnsavedChange={onQuestionsChanged} />
    </>
  );
}
