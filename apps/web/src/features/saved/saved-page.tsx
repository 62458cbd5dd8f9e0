import { Link } from 'react-router';
import { AFTER_PURCHASE_MESSAGES as A, formatUsd, SHOP_UI_MESSAGES as UI } from '@shopper/contract/plain';
import type { SavedItem } from '@shopper/contract';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Container } from '../../components/container.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ProductImage } from '../../components/product-image.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { lineVariant } from '../../lib/line-colour.ts';
import { messageOf } from '../../lib/form-errors.ts';
import { showToast } from '../../lib/toast.ts';
import { useSavedItemAction, useSavedItems } from './api/saved-items.ts';
import styles from './saved.module.css';

const breadcrumb = [{ label: 'Home', to: '/' }, { label: A.savedTitle }];

/** /account/saved (docs/after-purchase.md#saved-items): each saved item with today's price and stock. */
export function SavedPage() {
  usePageTitle(A.savedTitle);
  const saved = useSavedItems();
  let content;
  if (saved.isPending) content = <Spinner label="Loading your saved items…" />;
  else if (saved.isError)
    content = (
      <EmptyState
        role="alert"
        title={A.savedTitle}
        message={messageOf(saved.error, UI.tryAgain)}
        actions={<Button onClick={() => void saved.refetch()}>{UI.tryAgain}</Button>}
      />
    );
  else if (saved.data.items.length === 0)
    content = <EmptyState message={A.savedEmpty} actions={<ButtonLink to="/shop">{UI.startShopping}</ButtonLink>} />;
  else
    content = (
      <ul className={styles.list}>
        {saved.data.items.map((item) => (
          <li key={item.id}>
            <SavedRow item={item} />
          </li>
        ))}
      </ul>
    );
  return (
    <>
      <PageHeader title={A.savedTitle} breadcrumb={breadcrumb} />
      <Container isSection>{content}</Container>
    </>
  );
}

function SavedRow({ item }: { item: SavedItem }) {
  const act = useSavedItemAction();
  const run = (kind: 'remove' | 'move') =>
    act.mutate(
      { id: item.id, kind },
      {
        onSuccess: (answer) => showToast(answer.message ?? A.savedRemoved, 'success'),
        onError: (error) => showToast(messageOf(error, UI.tryAgain), 'error'),
      },
    );
  const label = `${item.name} (${lineVariant(item.colourName || null, item.size ?? '')})`;
  return (
    <article className={styles.row} aria-label={item.name}>
      <span className={styles.thumb}>
        <ProductImage src={item.image} alt="" />
      </span>
      <div className={styles.info}>
        <Link to={`/product/${item.productId}`} className={styles.name}>
          {item.name}
        </Link>
        <span className={styles.muted}>
          {item.size ? lineVariant(item.colourName || null, item.size) : item.colourName}
        </span>
        <span>{formatUsd(item.price)}</span>
        <span className={item.stock === 0 ? styles.soldOut : styles.muted}>
          {item.stock === 0 ? A.savedSoldOut : A.savedInStock(item.stock)}
        </span>
      </div>
      <div className={styles.actions}>
        <Button
          onClick={() => run('move')}
          disabled={act.isPending || item.stock === 0 || !item.size}
          aria-label={`${A.moveToCart}: ${label}`}
        >
          {A.moveToCart}
        </Button>
        <Button
          variant="secondary"
          onClick={() => run('remove')}
          disabled={act.isPending}
          aria-label={A.unsaveItem(label)}
        >
          Remove
        </Button>
        {!item.size ? <small className={styles.muted}>{A.chooseSizeFirst}</small> : null}
      </div>
    </article>
  );
}
