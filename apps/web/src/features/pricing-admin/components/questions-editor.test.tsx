import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import type { Vendor } from '@stg/domain/api/vendors';
import { pathOf } from '@stg/domain/api/endpoint';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { pricingVendor } from '../test-fixtures';

function start(patch: Partial<Vendor> = {}, routes: Record<string, MockResponse | MockResponse[]> = {}) {
  const session: Session = vendorSession(pricingVendor(patch));
  const api = mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    ...routes,
  });
  return { ...api, ...renderApp('/dashboard/pricing'), session };
}

const editor = async () => within(await screen.findByRole('region', { name: 'Questions' }, LAZY));
const question = (name: string | RegExp) => within(screen.getByRole('group', { name }));

describe('pricing preferences: questions editor', () => {
  it('lists the questions with their settings', async () => {
    start();
    const q = await editor();
    expect(q.getAllByRole('group', { name: /^Question \d/ })).toHaveLength(4);
    const bedrooms = question('Question 1: Bedrooms');
    expect(bedrooms.getByRole('textbox', { name: 'Name' })).toHaveValue('Bedrooms');
    expect(bedrooms.getByRole('textbox', { name: /^Alias/ })).toHaveValue('BEDROOMS');
    expect(bedrooms.getByRole('combobox', { name: 'Type' })).toHaveValue('radio');
    expect(
      bedrooms.getAllByRole('textbox', { name: 'Choice name' }).map((i) => (i as HTMLInputElement).value),
    ).toEqual(['1 bedroom', '2 bedrooms', '3 bedrooms']);
    expect(
      within(bedrooms.getByRole('group', { name: 'Choice 2' })).getByRole('radio', { name: 'Default' }),
    ).toBeChecked();
    const sqft = question('Question 3: Square feet');
    expect(sqft.getByRole('spinbutton', { name: 'Min' })).toHaveValue(500);
    expect(sqft.getByRole('spinbutton', { name: 'Max' })).toHaveValue(5000);
    expect(sqft.getByRole('spinbutton', { name: 'Step' })).toHaveValue(100);
    expect(sqft.getByRole('spinbutton', { name: 'Default' })).toHaveValue(1500);
    expect(sqft.getByRole('textbox', { name: /^Tooltip/ })).toHaveValue('Heated square feet only');
    expect(question('Question 4: Weekly service').getByRole('checkbox', { name: /Recurring/ })).toBeChecked();
    expect(q.getByRole('button', { name: 'Save Questions' })).toBeDisabled();
  });

  it('adds a range question and sends the whole set with the ids kept', async () => {
    const { user, calls, session } = start(
      {},
      {
        [at(vendorsApi.updatePricingInputOptions, { id: 7 })]: {
          body: { ...vendorSession(pricingVendor()).vendor! },
        },
      },
    );
    const q = await editor();
    await user.selectOptions(q.getByRole('combobox', { name: 'New question type' }), 'Slider');
    await user.click(q.getByRole('button', { name: 'Add Question' }));
    const added = question('Question 5 (new)');
    const label = added.getByRole('textbox', { name: 'Name' });
    expect(label).toHaveFocus();
    await user.type(label, 'Windows');
    const fresh = question('Question 5: Windows');
    await user.type(fresh.getByRole('textbox', { name: /^Alias/ }), 'windows');
    expect(fresh.getByRole('textbox', { name: /^Alias/ })).toHaveValue('WINDOWS');
    await user.clear(fresh.getByRole('spinbutton', { name: 'Max' }));
    await user.type(fresh.getByRole('spinbutton', { name: 'Max' }), '40');
    await user.type(fresh.getByRole('textbox', { name: /^Tooltip/ }), 'Count each pane');
    await user.click(q.getByRole('button', { name: 'Save Questions' }));
    expect(await q.findByText('Questions saved')).toBeInTheDocument();

    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe(pathOf(vendorsApi.updatePricingInputOptions, { id: 7 }));
    const sent = (patch.body as { pricing_input_options: Record<string, unknown>[] }).pricing_input_options;
    expect(sent).toHaveLength(5);
    // Existing questions and options keep their ids; the new one has none.
    const original = session.vendor!.pricingInputs;
    expect(sent.slice(0, 4)).toEqual(
      original.map((input) => ({
        ...input,
        pricingInputOptions: input.pricingInputOptions.map((o) => ({
          id: o.id,
          name: o.name,
          value: o.value,
          default: o.default,
          optionType: o.optionType,
        })),
      })),
    );
    expect(sent[4]).toEqual({
      name: 'Windows',
      alias: 'WINDOWS',
      inputType: 'range',
      recurring: false,
      pricingInputOptions: [
        { name: 'min', value: 1, default: false, optionType: 'min' },
        { name: 'max', value: 40, default: false, optionType: 'max' },
        { name: 'step', value: 1, default: false, optionType: 'step' },
        { name: 'default', value: 1, default: false, optionType: 'default' },
        { name: 'Count each pane', value: 0, default: false, optionType: 'tooltip' },
      ],
    });
    await waitFor(() => expect(callsTo(calls, sessionApi.current).length).toBeGreaterThan(1));
  });

  it('edits options of a choice question: add, remove, default', async () => {
    const { user, calls } = start(
      {},
      {
        [at(vendorsApi.updatePricingInputOptions, { id: 7 })]: {
          body: vendorSession(pricingVendor()).vendor,
        },
      },
    );
    const q = await editor();
    const bedrooms = question('Question 1: Bedrooms');
    await user.click(bedrooms.getByRole('button', { name: 'Remove Choice 1' }));
    await user.click(bedrooms.getByRole('button', { name: 'Add Choice' }));
    const row = within(bedrooms.getByRole('group', { name: 'Choice 3' }));
    await user.type(row.getByRole('textbox', { name: 'Choice name' }), '4 bedrooms');
    await user.type(row.getByRole('spinbutton', { name: 'Value' }), '4');
    await user.click(row.getByRole('radio', { name: 'Default' }));
    await user.click(q.getByRole('button', { name: 'Save Questions' }));
    await q.findByText('Questions saved');
    const sent = (
      calls.find((c) => c.method === 'PATCH')!.body as {
        pricing_input_options: { pricingInputOptions: unknown[] }[];
      }
    ).pricing_input_options;
    expect(sent[0]!.pricingInputOptions).toEqual([
      { id: 112, name: '2 bedrooms', value: 2, default: false, optionType: null },
      { id: 113, name: '3 bedrooms', value: 3, default: false, optionType: null },
      { name: '4 bedrooms', value: 4, default: true, optionType: null },
    ]);
  });

  it('checks the questions on the client with clear messages before sending', async () => {
    const { user, calls } = start();
    const q = await editor();
    const bathrooms = question('Question 2: Bathrooms');
    await user.clear(bathrooms.getByRole('textbox', { name: /^Alias/ }));
    await user.type(bathrooms.getByRole('textbox', { name: /^Alias/ }), 'bedrooms');
    const sqft = question('Question 3: Square feet');
    await user.clear(sqft.getByRole('spinbutton', { name: 'Min' }));
    await user.type(sqft.getByRole('spinbutton', { name: 'Min' }), '6000');
    await user.clear(sqft.getByRole('spinbutton', { name: 'Step' }));
    await user.type(sqft.getByRole('spinbutton', { name: 'Step' }), '0');
    const weekly = question('Question 4: Weekly service');
    await user.clear(weekly.getByRole('textbox', { name: /^Alias/ }));
    await user.type(weekly.getByRole('textbox', { name: /^Alias/ }), 'max');
    await user.selectOptions(q.getByRole('combobox', { name: 'New question type' }), 'Dropdown');
    await user.click(q.getByRole('button', { name: 'Add Question' }));
    await user.type(question('Question 5 (new)').getByRole('textbox', { name: /^Alias/ }), '2X');

    await user.click(q.getByRole('button', { name: 'Save Questions' }));
    const alert = q.getAllByRole('alert')[0]!;
    for (const message of [
      'Alias BEDROOMS is used by more than one question.',
      'The formula uses BATHROOMS: change the formula first.',
      'Square feet: Min must be less than max.',
      'Square feet: Step must be greater than 0.',
      'Weekly service: MAX is a formula function and cannot be an alias.',
      'Question 5: Name is required.',
      'Question 5: Alias must start with a capital letter and use only capital letters, digits and _ (like BEDROOMS).',
      'Question 5: Every choice needs a name.',
      'Question 5: Every choice needs a number value.',
    ]) {
      expect(alert).toHaveTextContent(message);
    }
    // The messages sit by their fields too.
    expect(bathrooms.getByRole('textbox', { name: /^Alias/ })).toHaveAccessibleDescription(
      expect.stringContaining('Alias BEDROOMS is used by more than one question.'),
    );
    expect(sqft.getByRole('spinbutton', { name: 'Step' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('refuses to remove a question the saved formula uses', async () => {
    const { user, calls } = start();
    const q = await editor();
    await user.click(question('Question 1: Bedrooms').getByRole('button', { name: 'Remove Question 1' }));
    expect(q.getByRole('heading', { name: 'Questions' })).toHaveFocus();
    expect(q.getAllByRole('group', { name: /^Question \d/ })).toHaveLength(3);
    await user.click(q.getByRole('button', { name: 'Save Questions' }));
    expect(q.getByRole('alert')).toHaveTextContent('The formula uses BEDROOMS: change the formula first.');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('sends a question removal the formula allows, and shows the server errors', async () => {
    const { user, calls } = start(
      {},
      {
        [at(vendorsApi.updatePricingInputOptions, { id: 7 })]: {
          status: 422,
          body: { errors: ['Name is too long'] },
        },
      },
    );
    const q = await editor();
    await user.click(
      question('Question 4: Weekly service').getByRole('button', { name: 'Remove Question 4' }),
    );
    await user.click(q.getByRole('button', { name: 'Save Questions' }));
    expect(await q.findByRole('alert')).toHaveTextContent('Name is too long');
    const sent = (
      calls.find((c) => c.method === 'PATCH')!.body as { pricing_input_options: { id: number }[] }
    ).pricing_input_options;
    expect(sent.map((i) => i.id)).toEqual([11, 12, 13]);
  });
});
