/** The numbers the vendor's calculator preview and the formula test show. Pure. */
import { dollarsToCents } from '@stg/domain/money';
import {
  answersFromSelections,
  durationMinutes,
  formulaCoversInputs,
  quotePrice,
  unknownFormulaVariables,
} from '@stg/domain/pricing';
import { errorColumn, parseFormula, type FormulaError } from '@stg/domain/pricing-formula';
import type { PricingInput } from '../../lib/api-types';

/** Spec §5: the default formula is x. */
export const DEFAULT_FORMULA = 'x';

export const effectiveFormula = (formula: string | null | undefined) =>
  formula && formula.trim() !== '' ? formula : DEFAULT_FORMULA;

const cents = (dollars: number) => (Number.isFinite(dollars) ? dollarsToCents(dollars) : 0);

export interface Preview {
  priceCents: number;
  minutes: number;
  /** False when the formula gives no usable price for these answers (the min price is shown). */
  formulaOk: boolean;
  error?: FormulaError;
}

export function previewPrice(args: {
  formula: string;
  minPrice: number;
  rate: number;
  inputs: readonly PricingInput[];
  answers: Record<string, string>;
}): Preview {
  const quote = quotePrice({
    formula: args.formula,
    minPriceCents: cents(args.minPrice),
    answers: answersFromSelections(args.inputs, args.answers),
  });
  const preview: Preview = {
    priceCents: quote.priceCents,
    minutes: durationMinutes(quote.priceCents, cents(args.rate)),
    formulaOk: quote.formulaOk,
  };
  if (quote.error) preview.error = quote.error;
  return preview;
}

export interface FormulaCheck {
  ok: boolean;
  error?: { message: string; position: number; line: number; column: number; lineText: string };
  /** Variables that are no question's alias (they count as 1). */
  unknown: string[];
  /** Aliases of shown questions the formula does not use. */
  unused: string[];
}

/** Validation as the vendor types (ADR 0009): the positioned error, or the warnings. */
export function checkFormula(formula: string, inputs: readonly PricingInput[]): FormulaCheck {
  const parsed = parseFormula(formula);
  if (!parsed.ok) {
    const { message, position } = parsed.error;
    const before = formula.slice(0, position);
    const lineStart = before.lastIndexOf('\n') + 1;
    const lineEnd = formula.indexOf('\n', position);
    return {
      ok: false,
      error: {
        message,
        position,
        line: before.split('\n').length,
        // errorColumn is the 1-based column on a one-line formula; on later lines count from the line start.
        column: errorColumn(parsed.error) - lineStart,
        lineText: formula.slice(lineStart, lineEnd === -1 ? undefined : lineEnd),
      },
      unknown: [],
      unused: [],
    };
  }
  return {
    ok: true,
    unknown: unknownFormulaVariables(parsed.formula, inputs),
    unused: formulaCoversInputs(parsed.formula, inputs),
  };
}
