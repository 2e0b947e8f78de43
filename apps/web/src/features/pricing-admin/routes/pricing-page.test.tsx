import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Session } from '@stg/domain/api/session';
import type { Vendor } from '@stg/domain/api/vendors';
import { pathOf } from '@stg/domain/api/endpoint';
import { ordersApi } from '@stg/domain/api/orders.endpoints';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorsApi } from '@stg/domain/api/vendors.endpoints';
import { noVendorOrders, vendorSession } from '../../../test/fixtures';
import { at, callsTo, mockApi, type MockResponse } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { FORMULA, pricingVendor } from '../test-fixtures';

function start(patch: Partial<Vendor> = {}, routes: Record<string, MockResponse | MockResponse[]> = {}) {
  const session: Session = vendorSession(pricingVendor(patch));
  const api = mockApi({
    [at(sessionApi.current)]: { body: session, headers: { 'X-CSRF-Token': 'token-1' } },
    // A navigation away from the modal may go to Order History, which reads the vendor's orders.
    [at(ordersApi.vendorOrders, { id: 7 })]: { body: noVendorOrders },
    ...routes,
  });
  return { ...api, ...renderApp('/dashboard/pricing'), session };
}

const ready = () => screen.findByRole('heading', { level: 1, name: 'Pricing Preferences' }, LAZY);
const calculator = () => within(screen.getByRole('region', { name: 'Calculator' }));
const options = () => within(screen.getByRole('region', { name: 'Options' }));
const priceOf = () => calculator().getByText('Price').nextElementSibling;
const dialog = () => within(screen.getByRole('dialog', { name: 'Pricing Formula' }));

describe('pricing preferences: calculator preview', () => {
  it('shows the non-recurring questions like the customer sees them and prices them live', async () => {
    const { user } = start();
    await ready();
    const calc = calculator();
    expect(calc.getByRole('group', { name: 'Bedrooms' })).toBeInTheDocument();
    expect(calc.getByRole('radio', { name: '2 bedrooms' })).toBeChecked();
    const bathrooms = calc.getByRole('combobox', { name: 'Bathrooms' });
    expect(bathrooms).toHaveValue('');
    expect(within(bathrooms).getByRole('option', { name: 'Select One' })).toBeDisabled();
    const slider = calc.getByRole('slider', { name: 'Square feet' });
    expect(slider).toHaveAttribute('min', '500');
    expect(slider).toHaveAttribute('max', '5000');
    expect(slider).toHaveAttribute('step', '100');
    expect(slider).toHaveValue('1500');
    expect(calc.getByRole('button', { name: 'About Square feet' })).toHaveAccessibleDescription(
      'Heated square feet only',
    );
    expect(calc.queryByText('Weekly service')).not.toBeInTheDocument();

    expect(priceOf()).toHaveTextContent('$135.00');
    expect(calc.getByText('Duration').nextElementSibling).toHaveTextContent('3.9 hrs');

    await user.selectOptions(bathrooms, '2 bathrooms');
    expect(priceOf()).toHaveTextContent('$150.00');
    await user.click(calc.getByRole('radio', { name: '3 bedrooms' }));
    expect(priceOf()).toHaveTextContent('$175.00');
  });

  it('uses the min price being edited', async () => {
    const { user } = start();
    await ready();
    const minPrice = options().getByRole('spinbutton', { name: 'Min Price' });
    await user.clear(minPrice);
    await user.type(minPrice, '200');
    expect(priceOf()).toHaveTextContent('$200.00');
  });
});

describe('pricing preferences: options', () => {
  it('keeps Save disabled until something changes', async () => {
    const { user } = start();
    await ready();
    const save = options().getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const minPrice = options().getByRole('spinbutton', { name: 'Min Price' });
    expect(minPrice).toHaveValue(35);
    await user.clear(minPrice);
    await user.type(minPrice, '40');
    expect(save).toBeEnabled();
    await user.clear(minPrice);
    await user.type(minPrice, '35');
    expect(save).toBeDisabled();
  });

  it('takes the min price in steps of 0.50', async () => {
    const { user } = start();
    await ready();
    const minPrice = options().getByRole('spinbutton', { name: 'Min Price' });
    expect(minPrice).toHaveAttribute('step', '0.5');
    expect(minPrice).toHaveAttribute('min', '0');
    await user.clear(minPrice);
    await user.type(minPrice, '35.25');
    expect(minPrice).toHaveAccessibleDescription(
      expect.stringContaining('Min price must be in steps of 0.50'),
    );
    expect(options().getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(minPrice);
    await user.type(minPrice, '35.5');
    expect(options().queryByText('Min price must be in steps of 0.50')).not.toBeInTheDocument();
    expect(options().getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(minPrice);
    expect(options().getByText('Min price is required.')).toBeInTheDocument();
  });

  it('PATCHes only the changed fields, says Saved and refetches the session', async () => {
    const savedVendor = { ...vendorSession(pricingVendor()).vendor!, minPrice: 50 };
    const { user, calls } = start(
      {},
      {
        [at(vendorsApi.update, { id: 7 })]: { body: savedVendor },
        [at(sessionApi.current)]: [
          { body: vendorSession(pricingVendor()), headers: { 'X-CSRF-Token': 'token-1' } },
          { body: vendorSession(pricingVendor({ minPrice: 50 })) },
        ],
      },
    );
    await ready();
    const minPrice = options().getByRole('spinbutton', { name: 'Min Price' });
    await user.clear(minPrice);
    await user.type(minPrice, '50');
    await user.click(options().getByRole('button', { name: 'Save' }));
    expect(await options().findByText('Saved')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch).toMatchObject({
      path: pathOf(vendorsApi.update, { id: 7 }),
      headers: { 'x-csrf-token': 'token-1' },
    });
    expect(patch!.body).toEqual({ vendor: { minPrice: 50 } });
    await waitFor(() => expect(callsTo(calls, sessionApi.current)).toHaveLength(2));
    expect(minPrice).toHaveValue(50);
    expect(options().getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows the server errors', async () => {
    const { user } = start(
      {},
      {
        [at(vendorsApi.update, { id: 7 })]: {
          status: 422,
          body: { errors: ['Min price must be in steps of 0.50'] },
        },
      },
    );
    await ready();
    const minPrice = options().getByRole('spinbutton', { name: 'Min Price' });
    await user.clear(minPrice);
    await user.type(minPrice, '36');
    await user.click(options().getByRole('button', { name: 'Save' }));
    expect(await options().findByRole('alert')).toHaveTextContent('Min price must be in steps of 0.50');
  });

  it('Revert to Previous Save is enabled only with a previous save, and POSTs revert_formula', async () => {
    const reverted = { ...vendorSession(pricingVendor()).vendor!, pricingFormula: 'BEDROOMS * 50' };
    const first = start();
    await ready();
    expect(options().getByRole('button', { name: 'Revert to Previous Save' })).toBeDisabled();
    first.unmount();

    const { user, calls } = start(
      { hasPreviousFormula: true },
      { [at(vendorsApi.revertFormula, { id: 7 })]: { body: { ...reverted, hasPreviousFormula: true } } },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Revert to Previous Save' }));
    expect(await options().findByText('Reverted to the previous save')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: pathOf(vendorsApi.revertFormula, { id: 7 }),
      headers: { 'x-csrf-token': 'token-1' },
    });
  });

  it('shows why a revert failed', async () => {
    const { user } = start(
      { hasPreviousFormula: true },
      {
        [at(vendorsApi.revertFormula, { id: 7 })]: {
          status: 422,
          body: { errors: ['There is no previous formula to revert to.'] },
        },
      },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Revert to Previous Save' }));
    expect(await options().findByRole('alert')).toHaveTextContent(
      'There is no previous formula to revert to.',
    );
  });
});

describe('pricing preferences: the pricing-formula modal', () => {
  it('shows a positioned error as the vendor types and disables Test; a fixed formula tests and applies', async () => {
    const savedVendor = { ...vendorSession(pricingVendor()).vendor!, pricingFormula: '40 + 20 * BEDROOMS' };
    const { user, calls } = start({}, { [at(vendorsApi.update, { id: 7 })]: { body: savedVendor } });
    await ready();
    const edit = options().getByRole('button', { name: 'Edit Formula' });
    await user.click(edit);
    const modal = dialog();
    const field = modal.getByRole('textbox', { name: 'Formula' });
    expect(field).toHaveValue(FORMULA);
    expect(field).toHaveFocus();
    expect(modal.getByText('The formula is valid.')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '40 + * BEDROOMS');
    expect(modal.getByText(/Unexpected "\*" at position 5/)).toHaveTextContent('(line 1, column 6)');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Unexpected "*" at position 5'));
    expect(modal.getByRole('button', { name: 'Test' })).toBeDisabled();
    expect(modal.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.clear(field);
    await user.type(field, '40 + 20 * BEDROOMS');
    expect(modal.getByText('The formula is valid.')).toBeInTheDocument();
    expect(modal.getByText('Questions the formula does not use: BATHROOMS, SQFT')).toBeInTheDocument();
    const test = modal.getByRole('button', { name: 'Test' });
    expect(test).toBeEnabled();
    await user.click(modal.getByRole('radio', { name: '3 bedrooms' }));
    await user.click(test);
    expect(modal.getByText(/^Result:/)).toHaveTextContent('Result: $100.00, 2.9 hrs');

    await user.click(modal.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
    expect(options().getByText('Formula (not saved yet)')).toBeInTheDocument();
    expect(options().getByText('40 + 20 * BEDROOMS')).toBeInTheDocument();
    // The calculator prices with the draft: 40 + 20 × 2.
    expect(priceOf()).toHaveTextContent('$80.00');
    const save = options().getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await options().findByText('Saved')).toBeInTheDocument();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.body).toEqual({ vendor: { pricingFormula: '40 + 20 * BEDROOMS' } });
  });

  it('refuses unknown variables with one verdict: only the problem, Test and Apply disabled', async () => {
    const { user } = start(
      {},
      { [at(vendorsApi.update, { id: 7 })]: { body: vendorSession(pricingVendor()).vendor } },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    const modal = dialog();
    const field = modal.getByRole('textbox', { name: 'Formula' });
    await user.clear(field);
    await user.type(field, 'BEDROOM * 2 + BATHROOMS + SQFT');
    expect(modal.getByText('This formula cannot be saved yet:')).toBeInTheDocument();
    expect(modal.getByText('Unknown variable "BEDROOM" at position 0')).toBeInTheDocument();
    expect(modal.queryByText('The formula is valid.')).not.toBeInTheDocument();
    expect(modal.queryByText(/Questions the formula does not use/)).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Unknown variable "BEDROOM"'));
    const test = modal.getByRole('button', { name: 'Test' });
    expect(test).toBeDisabled();
    expect(test).toHaveAccessibleDescription(expect.stringContaining('cannot be saved yet'));
    expect(modal.getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.clear(field);
    await user.type(field, 'BEDROOMS * 2 + BATHROOMS + SQFT');
    expect(modal.getByText('The formula is valid.')).toBeInTheDocument();
    expect(modal.queryByText('This formula cannot be saved yet:')).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(modal.getByRole('button', { name: 'Test' })).toBeEnabled();
    expect(modal.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it.each([
    ['40 + FOO * 2', 'Unknown variable "FOO" at position 5'],
    ['x', 'Unknown variable "X" at position 0'],
    ['40 / 0', 'Formula gives no number for these answers (division by zero?)'],
    ['-50', 'Formula gives a negative price for these answers'],
  ])('never calls %s valid: the server would refuse it', async (formula, problem) => {
    const { user } = start(
      {},
      { [at(vendorsApi.update, { id: 7 })]: { body: vendorSession(pricingVendor()).vendor } },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    const modal = dialog();
    const field = modal.getByRole('textbox', { name: 'Formula' });
    await user.clear(field);
    await user.type(field, formula);
    expect(modal.getByText(problem)).toBeInTheDocument();
    expect(modal.queryByText('The formula is valid.')).not.toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Test' })).toBeDisabled();
    expect(modal.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('lists the variables and inserts one at the caret', async () => {
    const { user } = start(
      {},
      { [at(vendorsApi.update, { id: 7 })]: { body: vendorSession(pricingVendor()).vendor } },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    const modal = dialog();
    const field = modal.getByRole<HTMLTextAreaElement>('textbox', { name: 'Formula' });
    await user.clear(field);
    await user.type(field, '10 *  + 5');
    field.setSelectionRange(5, 5);
    await user.click(modal.getByRole('button', { name: /^Insert\s*SQFT\s*Square feet/ }));
    expect(field).toHaveValue('10 * SQFT + 5');
    expect(field).toHaveFocus();
    expect(field.selectionStart).toBe(9);
    expect(modal.getByRole('button', { name: /^Insert\s*WEEKLY\s*Weekly service/ })).toHaveTextContent(
      'recurring: counts as 1',
    );
  });

  it('keeps an edit that was not applied as the staged formula when the modal closes', async () => {
    const { user, calls } = start(
      {},
      {
        [at(vendorsApi.update, { id: 7 })]: {
          body: { ...vendorSession(pricingVendor()).vendor!, stagedFormula: 'x' },
        },
      },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    const field = dialog().getByRole('textbox', { name: 'Formula' });
    await user.type(field, ' + 10');
    await user.click(dialog().getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: pathOf(vendorsApi.update, { id: 7 }),
      body: { vendor: { stagedFormula: `${FORMULA} + 10` } },
    });
    // The page's Save stays disabled: the draft was not applied.
    expect(options().getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps the unapplied edit when a navigation closes the modal', async () => {
    const { user, calls, router } = start(
      {},
      { [at(vendorsApi.update, { id: 7 })]: { body: vendorSession(pricingVendor()).vendor } },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    await user.type(dialog().getByRole('textbox', { name: 'Formula' }), ' - 5');
    await router.navigate('/dashboard/orders');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        vendor: { stagedFormula: `${FORMULA} - 5` },
      }),
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('does not stage anything when nothing was edited, and only logs a failed staging', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, calls } = start(
      {},
      { [at(vendorsApi.update, { id: 7 })]: { status: 500, body: { errors: ['boom'] } } },
    );
    await ready();
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    await user.keyboard('{Escape}');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    await user.type(dialog().getByRole('textbox', { name: 'Formula' }), ' * 2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens with the staged draft, which is discarded when the vendor goes back to the saved formula', async () => {
    const { user, calls } = start(
      { stagedFormula: 'BEDROOMS * 99' },
      {
        [at(vendorsApi.update, { id: 7 })]: {
          body: { ...vendorSession(pricingVendor()).vendor!, stagedFormula: null },
        },
      },
    );
    await ready();
    expect(options().getByText(/You have an unsaved formula draft/)).toBeInTheDocument();
    await user.click(options().getByRole('button', { name: 'Edit Formula' }));
    const field = dialog().getByRole('textbox', { name: 'Formula' });
    expect(field).toHaveValue('BEDROOMS * 99');
    await user.click(dialog().getByRole('button', { name: 'Use Saved Formula' }));
    expect(field).toHaveValue(FORMULA);
    await user.click(dialog().getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ vendor: { stagedFormula: null } }),
    );
  });
});
