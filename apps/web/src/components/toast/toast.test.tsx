import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useToastStore } from './toast-store.ts';
import Dialog from '@mui/material/Dialog';
import { Toast } from './toast.tsx';

afterEach(() => useToastStore.setState({ show: false }));

describe('toast store and Snackbar', () => {
  it('opens with the header-based duration unless one is given', () => {
    useToastStore.getState().open({ variant: 'success', header: 'x'.repeat(50), message: 'Saved' });
    expect(useToastStore.getState()).toMatchObject({
      show: true,
      variant: 'success',
      autoHideDuration: 4000,
    });
    useToastStore.getState().open({ variant: 'info', header: 'Hi', autoHideDuration: 10_000 });
    expect(useToastStore.getState()).toMatchObject({ autoHideDuration: 10_000, message: '' });
  });

  it('shows header and message, and hides after exactly the duration', () => {
    vi.useFakeTimers();
    render(<Toast />);
    const header = 'Location added successfully to the dashboard'; // 44 characters → 3520 ms
    act(() =>
      useToastStore
        .getState()
        .open({ variant: 'success', header, message: 'AT&T Stadium is now monitored.' }),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(header);
    expect(alert).toHaveTextContent('AT&T Stadium is now monitored.');
    act(() => vi.advanceTimersByTime(3519));
    expect(useToastStore.getState().show).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(useToastStore.getState().show).toBe(false);
  });

  it('is announced over an open modal: it is not inside what the modal hides (aria-hidden)', () => {
    render(
      <>
        <div id="app">
          <Toast />
        </div>
        <Dialog open aria-label="Manage User Groups">
          <p>form</p>
        </Dialog>
      </>,
    );
    act(() => useToastStore.getState().open({ variant: 'success', header: 'Upated user group' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Upated user group');
    expect(alert.closest('[aria-hidden="true"]')).toBeNull();
  });
});
