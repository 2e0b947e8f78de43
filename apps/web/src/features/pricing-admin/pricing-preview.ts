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
import { validateFormula } from '@stg/domain/pricing-inputs';
import type { PricingInput } from '@stg/domain/api/vendors';

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
  /**
   * True only when the formula can be saved: it parses, uses only the questions' aliases and gives a
   * price for the questions' default answers (the server's rule, validateFormula). Only then is it
   * valid for the editor: it can be tested and applied (spec §5).
   */
  ok: boolean;
  /** The positioned error of a formula that does not parse. */
  error?: { message: string; position: number; line: number; column: number; lineText: string };
  /** For a formula that parses: what stops it from being saved, in the server's words. */
  problems: string[];
  /** Variables that are no question's alias (they count as 1). */
  unknown: string[];
  /** Aliases of shown questions the formula does not use. */
  unused: string[];
}

/**
 * Validation as the vendor types (ADR 0009): one verdict. The positioned error of a formula that does
 * not parse; else what the server would refuse (unknown variables, no price for the default answers);
 * else valid, with the questions it does not use as a note.
 */
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
      problems: [],
      unknown: [],
      unused: [],
    };
  }
  const problems = validateFormula(formula, inputs);
  return {
    ok: problems.length === 0,
    problems,
    unknown: unknownFormulaVariables(parsed.formula, inputs),
    unused: formulaCoversInputs(parsed.formula, inputs),
  };
}
