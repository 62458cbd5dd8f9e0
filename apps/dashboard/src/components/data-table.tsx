import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export interface Column<T> {
  key: string;
  header: string;
  /** The server-side sort key this column sorts by; absent: not sortable. */
  sortKey?: string;
  align?: 'start' | 'end';
  render: (row: T) => ReactNode;
}

/**
 * A server-sorted table: headers with a sort key are buttons that ask for a new sort; the rows
 * come sorted and paged from the server. On a phone each row becomes a card of labelled values.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  dir,
  onSort,
  empty,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  sort?: string;
  dir?: 'asc' | 'desc';
  onSort?: (sortKey: string) => void;
  empty: string;
}) {
  return (
    <div className={styles.frame} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const isSorted = column.sortKey !== undefined && column.sortKey === sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.align === 'end' ? styles.end : undefined}
                  aria-sort={isSorted ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sortKey && onSort ? (
                    <button type="button" className={styles.sort} onClick={() => onSort(column.sortKey as string)}>
                      {column.header}
                      <span aria-hidden="true">{isSorted ? (dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    data-label={column.header}
                    className={column.align === 'end' ? styles.end : undefined}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
