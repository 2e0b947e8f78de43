import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestRouter } from '../test/test-router';
import { Link } from './link';
import { NavLink } from './nav-link';

function start(path: string, links: React.ReactNode) {
  const { router, Router } = createTestRouter([path]);
  render(
    <Router>
      <Routes>
        <Route path="*" element={links} />
      </Routes>
    </Router>,
  );
  return router;
}

describe('Link', () => {
  it('navigates in place on a plain click, with its state', async () => {
    const router = start(
      '/',
      <Link to="/about-us?x=1" state={{ from: 'test' }}>
        About
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'About' });
    expect(link).toHaveAttribute('href', '/about-us?x=1');
    fireEvent.click(link);
    expect(router.state.location.pathname + router.state.location.search).toBe('/about-us?x=1');
    expect(router.state.location.state).toEqual({ from: 'test' });
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('leaves a modified click, another target and a prevented click to the browser or the caller', () => {
    // jsdom cannot open another document: the browser's own handling of the click is cancelled after
    // the app's.
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener('click', cancel);
    onTestFinished(() => document.removeEventListener('click', cancel));
    const router = start(
      '/',
      <>
        <Link to="/a">A</Link>
        <Link to="/b" target="_blank">
          B
        </Link>
        <Link to="/c" onClick={(event) => event.preventDefault()}>
          C
        </Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'A' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('NavLink', () => {
  it('is active on its page and the pages under it, not on others', () => {
    start(
      '/dashboard/orders/7',
      <>
        <NavLink to="/dashboard/orders" className="tab">
          Orders
        </NavLink>
        <NavLink to="/dashboard/order" className="tab">
          Order
        </NavLink>
        <NavLink to="/">Home</NavLink>
      </>,
    );
    const orders = screen.getByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(orders).toHaveClass('tab', 'active');
    expect(screen.getByRole('link', { name: 'Order' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Order' })).toHaveClass('tab');
    expect(screen.getByRole('link', { name: 'Order' })).not.toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
