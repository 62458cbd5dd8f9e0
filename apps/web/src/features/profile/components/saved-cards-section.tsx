import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { messageOf } from '../../../lib/form-errors.ts';
import { cardLabel, removeSavedCard, savedCardKeys, savedCardsQueryOptions } from '../../../lib/saved-cards.ts';
import { showToast } from '../../../lib/toast.ts';
import styles from '../profile.module.css';
import { ProfileSection } from './section.tsx';

/** The cards the customer saved at checkout; removing one forgets it here and at the provider. */
export function SavedCardsSection() {
  const queryClient = useQueryClient();
  const cards = useQuery(savedCardsQueryOptions());
  const remove = useMutation({
    mutationFn: removeSavedCard,
    onSuccess: () => {
      showToast('Card removed.', 'success');
      return queryClient.invalidateQueries({ queryKey: savedCardKeys.all });
    },
    onError: (error) => showToast(messageOf(error, 'Could not remove the card.'), 'error'),
  });

  let content;
  if (cards.isPending) content = <Spinner label="Loading your saved cards…" />;
  else if (cards.isError)
    content = <Alert tone="error">{messageOf(cards.error, 'Could not load your saved cards.')}</Alert>;
  else if (cards.data.length === 0) {
    content = <p className={styles.muted}>No saved cards. Tick “Save this card for next time” when you pay.</p>;
  } else {
    content = (
      <ul className={styles.cardList}>
        {cards.data.map((card) => (
          <li key={card._id} className={styles.cardRow}>
            <span>{cardLabel(card)}</span>
            <Button
              variant="secondary"
              size="small"
              disabled={remove.isPending}
              aria-label={`Remove ${cardLabel(card)}`}
              onClick={() => remove.mutate(card._id)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ProfileSection id="saved-cards-title" title="Saved cards">
      {content}
    </ProfileSection>
  );
}
