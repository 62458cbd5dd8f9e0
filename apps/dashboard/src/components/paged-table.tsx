import { BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { DataTable, type Column } from './data-table.tsx';
import { Pager } from './pager.tsx';
import { QueryState } from './query-state.tsx';

/** What a list query holds: one server page of rows. */
interface PageQuery<T> {
  data: { items: T[]; page: number; pageSize: number; total: number } | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A back-office list: loading and failure, the server-sorted table and its pager. */
export function PagedTable<T>({
  query,
  onPage,
  ...table
}: {
  query: PageQuery<T>;
  onPage: (page: number) => void;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  sort?: string;
  dir?: 'asc' | 'desc';
  onSort?: (sortKey: string) => void;
  empty: string;
}) {
  return (
    <QueryState
      isPending={query.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      fallback={T.loadFailed}
    >
      {query.data ? (
        <>
          <DataTable {...table} rows={query.data.items} />
          <Pager page={query.data.page} pageSize={query.data.pageSize} total={query.data.total} onPage={onPage} />
        </>
      ) : null}
    </QueryState>
  );
}
