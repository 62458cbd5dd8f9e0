import { Link } from 'react-router';
import { AdminProductListQuerySchema, type AdminProduct } from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { type Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { FilterBar, FilterSelect, SearchBox } from '../../components/search-box.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { nextSort, useListParams } from '../../hooks/use-list-params.ts';
import { formatMoney } from '../../lib/format.ts';
import { useProductList } from './api/get-products.ts';
import { CATEGORY_LABELS, STATUS_LABELS, STATUS_TONES } from './product-labels.ts';

const COLUMNS: Column<AdminProduct>[] = [
  {
    key: 'name',
    header: 'Product',
    sortKey: 'name',
    render: (product) => (
      <Link to={`/products/${product.id}`}>
        <strong>{product.name}</strong>
      </Link>
    ),
  },
  { key: 'category', header: 'Category', render: (product) => CATEGORY_LABELS[product.category] },
  {
    key: 'status',
    header: 'Status',
    sortKey: 'status',
    render: (product) => <Badge tone={STATUS_TONES[product.status]}>{STATUS_LABELS[product.status]}</Badge>,
  },
  {
    key: 'price',
    header: 'Price',
    sortKey: 'price',
    align: 'end',
    render: (product) =>
      product.salePrice === null ? (
        formatMoney(product.price)
      ) : (
        <>
          {formatMoney(product.salePrice)} <s>{formatMoney(product.price)}</s>
        </>
      ),
  },
  { key: 'stock', header: 'Stock', sortKey: 'stock', align: 'end', render: (product) => product.totalStock },
];

export function ProductsPage() {
  const { params, update } = useListParams(AdminProductListQuerySchema);
  const list = useProductList(params);
  return (
    <>
      <PageHeader
        title="Products"
        actions={
          <Link to="/products/new" className="button-link">
            New product
          </Link>
        }
      />
      <FilterBar>
        <SearchBox label="Search products" value={params.q ?? ''} onSearch={(q) => update({ q })} />
        <FilterSelect
          label="Category"
          value={params.category}
          options={Object.entries(CATEGORY_LABELS)}
          onChange={(category) => update({ category })}
        />
        <FilterSelect
          label="Status"
          value={params.status}
          options={Object.entries(STATUS_LABELS)}
          onChange={(status) => update({ status })}
        />
        <FilterSelect
          label="Stock"
          value={params.stock}
          options={[
            ['in', 'In stock'],
            ['low', 'Low'],
            ['out', 'Sold out'],
          ]}
          onChange={(stock) => update({ stock })}
        />
      </FilterBar>
      <PagedTable
        query={list}
        caption="Products"
        columns={COLUMNS}
        rowKey={(product) => product.id}
        sort={params.sort}
        dir={params.dir}
        onSort={(key) => update(nextSort(params, key))}
        empty="No product matches."
        onPage={(page) => update({ page })}
      />
    </>
  );
}
