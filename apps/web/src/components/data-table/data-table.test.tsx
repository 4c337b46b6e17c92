// The shared data table: 25 rows a page by default, page sizes 25, 50 and 100 (spec 01 §9).
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from './data-table.tsx';

const rows = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));

describe('DataTable', { timeout: 30_000 }, () => {
  it('pages 25 rows by default and offers 25, 50 and 100', async () => {
    render(
      <div style={{ height: 600, width: 600 }}>
        <DataTable
          label="Rows"
          rows={rows}
          columns={[{ field: 'name', headerName: 'Name', width: 200 }]}
          autoHeight
        />
      </div>,
    );
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('combobox', { name: /rows per page/i }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['25', '50', '100']);
  });
});
