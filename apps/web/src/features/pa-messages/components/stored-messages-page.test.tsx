// The Stored PA Messages page (spec 02 §2.12, §5 'Stored PA message', §8 'Stored messages', §9): the table of Title
// and Message 10 a page, the counter's colours and the field in error over 350, the Add / Update / Delete modals with
// their toasts, and the server's errors under Title and Message.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TStoredPaMessage } from '@allclear/contracts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useToastStore } from '../../../components/toast/toast-store.ts';
import { customerUser } from '../../../test/fixtures.ts';
import { stubApi, type ApiRoutes } from '../../../test/render-app.tsx';
import StoredMessagesPage from './stored-messages-page.tsx';

vi.setConfig({ testTimeout: 60_000 });

const message = (id: number): TStoredPaMessage => ({
  id,
  title: `Message ${String(id).padStart(2, '0')}`,
  message: `Text ${id}.`,
  customerId: 1,
});

function renderPage(routes: ApiRoutes) {
  const requests = stubApi({ 'GET /api/user/current': customerUser, ...routes });
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <StoredMessagesPage />
    </AppProviders>,
  );
  return requests;
}
const toast = () => useToastStore.getState();

beforeEach(() => useToastStore.setState({ show: false, header: '', message: '' }));
afterEach(() => vi.unstubAllGlobals());

describe('Stored PA Messages', () => {
  it('lists Title and Message 10 a page', async () => {
    renderPage({ 'GET /api/PA/StoredMessages': Array.from({ length: 12 }, (_, i) => message(i + 1)) });
    const table = await screen.findByRole('table', { name: 'Stored PA Messages' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  });

  it('adds a message, with the counter in the warning colour under 100 left and in error over 350', async () => {
    const requests = renderPage({
      'GET /api/PA/StoredMessages': [],
      'POST /api/PA/StoredMessage': message(5),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Stored Message' });
    const text = within(dialog).getByRole('textbox', { name: /^Message/ });
    fireEvent.change(text, { target: { value: 'x'.repeat(300) } });
    expect(within(dialog).getByText('50 characters left')).toBeInTheDocument();
    fireEvent.change(text, { target: { value: 'x'.repeat(351) } });
    expect(within(dialog).getByText('-1 characters left')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(text, { target: { value: 'Gates open.' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), { target: { value: 'Gates' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(toast().header).toBe('Successfully Added Stored Message'));
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/api/PA/StoredMessage'))).toBe(true);
  });

  it("puts the server's errors under Title and Message and toasts 'Failed To Update Message'", async () => {
    renderPage({
      'GET /api/PA/StoredMessages': [message(1)],
      'PATCH /api/PA/StoredMessage': {
        status: 400,
        body: {
          responseException: {
            message: 'One or more validation errors occurred.',
            errors: { Title: ['Taken.'] },
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Message 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Stored Message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Taken.')).toBeInTheDocument();
    expect(toast().header).toBe('Failed To Update Message');
  });

  it('deletes a message after its modal', async () => {
    renderPage({ 'GET /api/PA/StoredMessages': [message(1)], 'DELETE /api/PA/StoredMessage/1': true });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Message 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Stored Message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast().header).toBe('Successfully Deleted Stored Message'));
  });
});
