import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BACK_OFFICE_UI_MESSAGES as T, type AdminProduct, type StockMovement } from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { FilterBar, SearchBox } from '../../components/search-box.tsx';
import { Swatch } from '../../components/swatch.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { AdjustStockForm, type StockCell } from './components/adjust-stock-form.tsx';
import { useMovements } from './api/get-stock-movements.ts';
import { useProductsByStock, useStockProduct } from './api/get-stock-products.ts';
import styles from './stock-page.module.css';

const REASON_LABELS: Record<StockMovement['reason'], string> = {
  sale: 'Sale',
  cancellation: 'Cancellation',
  return: 'Return',
  adjustment: 'Adjustment',
  import: 'Import',
};

const COLOUR_COLUMN: Column<StockMovement> = { key: 'colour', header: 'Colour', render: (row) => row.colourName };

/** The ledger's columns; the colour only when the product has several. */
const ledgerColumns = (hasColours: boolean): Column<StockMovement>[] => [
  { key: 'createdAt', header: 'When', render: (row) => formatDateTime(row.createdAt) },
  ...(hasColours ? [COLOUR_COLUMN] : []),
  { key: 'size', header: 'Size', render: (row) => row.size },
  {
    key: 'delta',
    header: 'Change',
    align: 'end',
    render: (row) => (
      <span className={row.delta < 0 ? styles.minus : styles.plus}>{row.delta > 0 ? `+${row.delta}` : row.delta}</span>
    ),
  },
  { key: 'stockAfter', header: 'Stock after', align: 'end', render: (row) => row.stockAfter },
  { key: 'reason', header: 'Reason', render: (row) => REASON_LABELS[row.reason] },
  {
    key: 'note',
    header: 'Note',
    render: (row) => (row.orderId ? <Link to={`/orders/${row.orderId}`}>{row.orderNumber ?? 'Order'}</Link> : row.note),
  },
  { key: 'actor', header: 'Who', render: (row) => row.actor?.email ?? (row.orderId ? 'Shop' : 'Command line') },
];

/**
 * Every colour × size of a product with several colours (decision 043); a cell picks that variant in
 * the change form below. Hidden colours stay: their stock is still on the shelf.
 */
function StockGrid({
  product,
  picked,
  onPick,
}: {
  product: AdminProduct;
  picked: StockCell | null;
  onPick: (colourId: string, size: string) => void;
}) {
  const sizes = product.sizes.map((row) => row.size);
  return (
    <div className={styles.gridFrame} role="region" aria-label="Stock by colour and size" tabIndex={0}>
      <table className={styles.grid}>
        <caption className="visually-hidden">Stock by colour and size</caption>
        <thead>
          <tr>
            <th scope="col">Colour</th>
            {sizes.map((size) => (
              <th key={size} scope="col">
                {size}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {product.colours.map((colour) => (
            <tr key={colour.id}>
              <th scope="row">
                <span className={styles.colourName}>
                  <Swatch swatch={colour.swatch} />
                  {colour.name}
                  {colour.isHidden ? <Badge tone="warning">Hidden</Badge> : null}
                </span>
              </th>
              {sizes.map((size) => {
                const stock = colour.sizes.find((row) => row.size === size)?.stock ?? 0;
                const isPicked = picked?.colourId === colour.id && picked.size === size;
                return (
                  <td key={size}>
                    <button
                      type="button"
                      className={`${styles.cell} ${stock === 0 ? styles.soldOut : ''}`}
                      aria-pressed={isPicked}
                      aria-label={`Change stock of ${colour.name} in size ${size}: ${stock}`}
                      onClick={() => onPick(colour.id, size)}
                    >
                      {stock}
                    </button>
                  </td>
                );
              })}
              <td className={styles.total}>{colour.totalStock}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductStock({ productId }: { productId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const size = searchParams.get('size') ?? undefined;
  const colourId = searchParams.get('colour') ?? undefined;
  const product = useStockProduct(productId);
  const hasColours = (product.data?.colours.length ?? 0) > 1;
  // A colour the product no longer has (removed since the link was made) filters nothing.
  const ledgerColour =
    hasColours && product.data?.colours.some((colour) => colour.id === colourId) ? colourId : undefined;
  const ledger = useMovements({ productId, colourId: ledgerColour, size, page });
  const [picked, setPicked] = useState<StockCell | null>(null);
  const pick = (changes: Record<string, string | undefined>) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return (
    <QueryState
      isPending={product.isPending}
      error={product.error}
      onRetry={() => void product.refetch()}
      fallback={T.loadFailed}
    >
      {product.data ? (
        <div className={styles.layout}>
          <Panel title={product.data.name} actions={<Link to="/stock">Other product</Link>}>
            {hasColours ? (
              <StockGrid
                product={product.data}
                picked={picked}
                onPick={(colour, cellSize) => setPicked({ colourId: colour, size: cellSize, at: Date.now() })}
              />
            ) : (
              <ul className={styles.sizes} aria-label="Stock per size">
                {product.data.sizes.map((row) => (
                  <li key={row.size}>
                    <strong>{row.size}</strong> <span>{row.stock}</span>{' '}
                    {row.stock === 0 ? <Badge tone="danger">Sold out</Badge> : null}
                  </li>
                ))}
              </ul>
            )}
            <AdjustStockForm
              key={product.data.updatedAt}
              productId={product.data.id}
              colours={product.data.colours}
              picked={picked}
            />
          </Panel>
          <Panel
            title="Ledger"
            actions={
              <div className={styles.filters}>
                {hasColours ? (
                  <label className={styles.sizeFilter}>
                    <span>Colour</span>
                    <select
                      value={ledgerColour ?? ''}
                      onChange={(event) => pick({ colour: event.target.value || undefined, page: undefined })}
                    >
                      <option value="">All</option>
                      {product.data.colours.map((colour) => (
                        <option key={colour.id} value={colour.id}>
                          {colour.name}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                <label className={styles.sizeFilter}>
                  <span>Size</span>
                  <select
                    value={size ?? ''}
                    onChange={(event) => pick({ size: event.target.value || undefined, page: undefined })}
                  >
                    <option value="">All</option>
                    {product.data.sizes.map((row) => (
                      <option key={row.size} value={row.size}>
                        {row.size}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            }
          >
            <QueryState
              isPending={ledger.isPending}
              error={ledger.error}
              onRetry={() => void ledger.refetch()}
              fallback={T.loadFailed}
            >
              {ledger.data ? (
                <>
                  <DataTable
                    caption="Stock ledger"
                    columns={ledgerColumns(hasColours)}
                    rows={ledger.data.items}
                    rowKey={(row) => row.id}
                    empty="No stock change yet."
                  />
                  <Pager
                    page={ledger.data.page}
                    pageSize={ledger.data.pageSize}
                    total={ledger.data.total}
                    onPage={(next) => pick({ page: String(next) })}
                  />
                </>
              ) : null}
            </QueryState>
          </Panel>
        </div>
      ) : null}
    </QueryState>
  );
}

const PICKER: Column<AdminProduct>[] = [
  {
    key: 'name',
    header: 'Product',
    render: (product) => <Link to={`/stock?product=${product.id}`}>{product.name}</Link>,
  },
  {
    key: 'sizes',
    header: 'Sizes',
    render: (product) => product.sizes.map((row) => `${row.size} ${row.stock}`).join(' · '),
  },
  {
    key: 'colours',
    header: 'Colours',
    render: (product) => (product.colours.length > 1 ? product.colours.map((colour) => colour.name).join(', ') : '—'),
  },
  { key: 'total', header: 'Total', align: 'end', render: (product) => product.totalStock },
];

/** Pick a product (lowest stock first), then change a variant's stock with a reason and read its ledger. */
function ProductPicker() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const list = useProductsByStock(q, page);
  return (
    <>
      <FilterBar>
        <SearchBox label="Search products" value={q} onSearch={(text) => setSearchParams(text ? { q: text } : {})} />
      </FilterBar>
      <QueryState
        isPending={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        fallback={T.loadFailed}
      >
        {list.data ? (
          <>
            <DataTable
              caption="Products by stock"
              columns={PICKER}
              rows={list.data.items}
              rowKey={(p) => p.id}
              empty="No product matches."
            />
            <Pager
              page={list.data.page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              onPage={(next) => setSearchParams({ ...(q ? { q } : {}), page: String(next) })}
            />
          </>
        ) : null}
      </QueryState>
    </>
  );
}

export function StockPage() {
  const [searchParams] = useSearchParams();
  const productId = searchParams.get('product');
  return (
    <>
      <PageHeader title="Stock" />
      {productId ? <ProductStock productId={productId} /> : <ProductPicker />}
    </>
  );
}
