import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorBoundary } from './error-boundary.tsx';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>Screen content</p>;
}

beforeEach(() => {
  shouldThrow = true;
  // React and the boundary log the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary', () => {
  it("shows 'Way to go, you broke it.' with the dashboard note when a screen throws", () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Way to go, you broke it.' })).toBeInTheDocument();
    expect(screen.getByText(/dashboard has an issue loading/)).toBeInTheDocument();
    expect(screen.queryByText('Screen content')).not.toBeInTheDocument();
  });

  it('renders the screen again after Try Again once the fault is gone', async () => {
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Screen content')).toBeInTheDocument();
  });

  it('recovers when the reset key (the path) changes', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Way to go, you broke it.' })).toBeInTheDocument();
    shouldThrow = false;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('Screen content')).toBeInTheDocument();
  });
});
