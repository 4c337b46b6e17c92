// The shared confirmation dialogs (spec 01 §2 'Other panels and shared pieces').
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoveDialog } from './remove-dialog.tsx';
import { WarningDialog } from './warning-dialog.tsx';

describe('RemoveDialog', () => {
  it("asks 'Remove {item}' with the irreversibility text and confirms with Remove", async () => {
    const onConfirm = vi.fn();
    render(
      <RemoveDialog
        open
        item="Location"
        identifier="AT&T Stadium"
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Remove Location' })).toBeInTheDocument();
    expect(
      screen.getByText('Are you sure you want to remove AT&T Stadium? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Remove']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('disables both buttons while busy', () => {
    render(
      <RemoveDialog open busy item="Location" identifier="X" onCancel={() => {}} onConfirm={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('WarningDialog', () => {
  it('offers Cancel and Confirm', () => {
    render(
      <WarningDialog open title="Confirm Manual Override" onCancel={() => {}} onConfirm={() => {}}>
        Turn the relay on?
      </WarningDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Confirm Manual Override' })).toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Confirm']);
  });
});
