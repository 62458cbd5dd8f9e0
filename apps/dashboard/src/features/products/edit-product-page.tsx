import { Link, useParams } from 'react-router';
import { BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { Badge } from '../../components/badge.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { notifySuccess } from '../../lib/toast.ts';
import { useProduct } from './api/get-products.ts';
import { ProductForm } from './components/product-form.tsx';
import { valuesOf } from './product-form-values.ts';
import { ProductColours } from './components/product-colours.tsx';
import { ProductImages } from './components/product-images.tsx';
import { STATUS_LABELS, STATUS_TONES } from './product-labels.ts';
import { ProductStatusActions } from './components/product-status-actions.tsx';
import { useUpdateProduct } from './api/save-product.ts';
import styles from './edit-product-page.module.css';

export function EditProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  const update = useUpdateProduct(id);
  return (
    <QueryState
      isPending={product.isPending}
      error={product.error}
      onRetry={() => void product.refetch()}
      fallback={T.loadFailed}
    >
      {product.data ? (
        <>
          <PageHeader title={product.data.name} actions={<ProductStatusActions product={product.data} />}>
            <p className={styles.meta}>
              <Badge tone={STATUS_TONES[product.data.status]}>{STATUS_LABELS[product.data.status]}</Badge>{' '}
              {product.data.status === 'published' ? (
                <a href={`/products/${product.data.slug}`} target="_blank" rel="noopener noreferrer">
                  View in the shop
                </a>
              ) : null}{' '}
              <Link to={`/stock?product=${product.data.id}`}>Stock ({product.data.totalStock})</Link>
            </p>
          </PageHeader>
          <div className={styles.layout}>
            <ProductColours product={product.data} />
            <ProductImages product={product.data} />
            <ProductForm
              // A saved product remounts the form with what the server kept.
              key={product.data.updatedAt}
              initial={valuesOf(product.data)}
              productId={product.data.id}
              submitLabel="Save changes"
              onSave={async (body) => {
                const { stock: _openingStock, colours: _openingColours, ...changes } = body;
                await update.mutateAsync(changes);
                notifySuccess('Saved');
              }}
            />
          </div>
        </>
      ) : null}
    </QueryState>
  );
}
