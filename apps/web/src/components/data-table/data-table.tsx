// The data table of spec 01 §2 / §9: MUI X DataGrid with pagination and page sizes 25, 50, 100 (default 25).
import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';

/** Page sizes offered (spec 01 §9 'Table page sizes 25/50/100'). */
export const TABLE_PAGE_SIZES = [25, 50, 100] as const;
/** Default page size (spec 01 §9). */
export const DEFAULT_TABLE_PAGE_SIZE = 25;

export type DataTableProps<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'pageSizeOptions'> & {
  /** Accessible name of the table. */
  label: string;
};

/** A paged table; pass rows and columns as to DataGrid. */
export function DataTable<R extends GridValidRowModel>({ label, initialState, ...props }: DataTableProps<R>) {
  return (
    <DataGrid<R>
      aria-label={label}
      pageSizeOptions={[...TABLE_PAGE_SIZES]}
      initialState={{
        ...initialState,
        pagination: {
          paginationModel: { pageSize: DEFAULT_TABLE_PAGE_SIZE, page: 0 },
          ...initialState?.pagination,
        },
      }}
      disableRowSelectionOnClick
      {...props}
    />
  );
}
