import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BookingPanels, type BookingPanel } from './booking-panels';

const panels: BookingPanel[] = [
  { key: 'a', title: 'Pricing', action: 'Get Price', disabledReason: null, content: <p>Price body</p> },
  { key: 'b', title: 'Scheduling', action: 'Schedule', disabledReason: null, content: <p>Schedule body</p> },
  { key: 'c', title: 'Summary', action: 'Checkout', disabledReason: 'Not yet', content: <p>Summary body</p> },
];

describe('BookingPanels', () => {
  it('opens one panel at a time', async () => {
    const user = userEvent.setup();
    render(<BookingPanels panels={panels} />);
    const price = screen.getByRole('button', { name: 'Get Price' });
    const schedule = screen.getByRole('button', { name: 'Schedule' });
    await user.click(price);
    expect(price).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Pricing' })).toHaveTextContent('Price body');
    await user.click(schedule);
    expect(schedule).toHaveAttribute('aria-expanded', 'true');
    expect(price).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Pricing' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Scheduling' })).toHaveTextContent('Schedule body');
    expect(price).toHaveAttribute('aria-controls', expect.any(String));
  });

  it('keeps a disabled panel focusable, described by its reason, and closed', async () => {
    const user = userEvent.setup();
    render(<BookingPanels panels={panels} initialOpen="a" />);
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).not.toHaveAttribute('disabled');
    expect(checkout).toHaveAccessibleDescription('Not yet');
    await user.tab();
    await user.tab();
    await user.tab();
    expect(checkout).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Not yet');
    await user.keyboard('{Enter}');
    expect(checkout).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('region', { name: 'Pricing' })).toBeInTheDocument();
  });
});
