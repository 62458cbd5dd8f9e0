import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { notifySuccess } from '../../lib/toast.ts';
import { ProductForm } from './components/product-form.tsx';
import { EMPTY_PRODUCT } from './product-form-values.ts';
import { useCreateProduct } from './api/save-product.ts';

/** A new product starts as a draft; its page then takes images and publishing. */
export function NewProductPage() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New product" />
      <ProductForm
        initial={EMPTY_PRODUCT}
        submitLabel="Create product"
        onSave={async (body) => {
          const product = await create.mutateAsync(body);
          notifySuccess(`${product.name} created as a draft`);
          await navigate(`/products/${product.id}`);
        }}
      />
    </>
  );
}
