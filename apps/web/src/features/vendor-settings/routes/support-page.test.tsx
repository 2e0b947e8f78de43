import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionApi } from '@stg/domain/api/session.endpoints';
import { vendorSession } from '../../../test/fixtures';
import { at, mockApi } from '../../../test/mock-api';
import { LAZY, renderApp } from '../../../test/render-app';
import { ACCOUNT_MANAGER, PURCHASE_ORDERS, THANK_YOU } from '../support-contacts';

describe('/dashboard/support', () => {
  it('shows the account manager and purchase orders contacts and a thank-you', async () => {
    mockApi({ [at(sessionApi.current)]: { body: vendorSession() } });
    renderApp('/dashboard/support');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Support' }, LAZY);
    expect(heading.closest('section')).not.toHaveTextContent('This section arrives in a later release.');

    const manager = within(screen.getByRole('region', { name: 'Account Manager' }));
    expect(manager.getByRole('link', { name: ACCOUNT_MANAGER.email })).toHaveAttribute(
      'href',
      `mailto:${ACCOUNT_MANAGER.email}`,
    );
    expect(manager.getByRole('link', { name: '(435) 555-0142' })).toHaveAttribute('href', 'tel:+14355550142');
    expect(manager.getByText(ACCOUNT_MANAGER.hours)).toBeInTheDocument();

    const orders = within(screen.getByRole('region', { name: 'Purchase Orders' }));
    expect(orders.getByRole('link', { name: PURCHASE_ORDERS.email })).toHaveAttribute(
      'href',
      `mailto:${PURCHASE_ORDERS.email}`,
    );
    expect(orders.getByRole('link', { name: '(435) 555-0143' })).toBeInTheDocument();

    const thanks = within(screen.getByRole('region', { name: 'Thank You' }));
    expect(thanks.getByText(THANK_YOU)).toBeInTheDocument();
    expect(thanks.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
  });
});
