import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toastDuration, TOAST_MIN_DURATION_MS } from './toast-duration.ts';
import { useToastStore } from './toast-store.ts';
import { Toast } from './toast.tsx';

afterEach(() => useToastStore.setState({ show: false }));

describe('toastDuration (spec 01 §4: max(80 ms × header length, 3000 ms))', () => {
  it('is 3000 ms for an empty header', () => {
    expect(toastDuration('')).toBe(3000);
  });
  it('stays at 3000 ms up to 37 characters (37 × 80 = 2960)', () => {
    expect(toastDuration('x'.repeat(37))).toBe(TOAST_MIN_DURATION_MS);
  });
  it('grows past 3000 ms from 38 characters (38 × 80 = 3040)', () => {
    expect(toastDuration('x'.repeat(38))).toBe(3040);
  });
  it('is 80 ms per character for a long header', () => {
    expect(toastDuration('Location updated: AT&T Stadium, Arlington, Texas')).toBe(48 * 80);
  });
});

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
});
