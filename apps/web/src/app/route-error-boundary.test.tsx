import { render, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestRouter } from '../test/test-router';
import { AppRoutesBoundary } from './app-routes';

function Broken(): never {
  throw new Error('render failed');
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page for a render error, and the next page after a navigation', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router, Router } = createTestRouter(['/broken']);
    render(
      <Router>
        <AppRoutesBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<h1>Fine</h1>} />
          </Routes>
        </AppRoutesBoundary>
      </Router>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }));

    await router.navigate('/fine');
    expect(await screen.findByRole('heading', { name: 'Fine' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
