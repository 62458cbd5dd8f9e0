import { useState } from 'react';
import {
  type AdminCollection,
  BACK_OFFICE_UI_MESSAGES as T,
  COLLECTION_MESSAGES as M,
  HOME_FEATURED_MAX,
} from '@shopper/contract';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { messageOf } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { useCollections, useHomeSections, useSaveHomeSections } from './api/collections.ts';
import styles from './collections.module.css';

function SectionsForm({
  collections,
  heroId: savedHero,
  featuredIds: savedFeatured,
}: {
  collections: AdminCollection[];
  heroId: string | null;
  featuredIds: string[];
}) {
  const save = useSaveHomeSections();
  const [heroId, setHeroId] = useState(savedHero ?? '');
  const [featured, setFeatured] = useState(savedFeatured);
  const [adding, setAdding] = useState('');
  const [error, setError] = useState<string | undefined>();
  const nameOf = (id: string) => collections.find((c) => c.id === id)?.name ?? id;
  const label = (c: AdminCollection) => (c.isVisibleNow ? c.name : `${c.name} (not showing now)`);
  const move = (index: number, by: -1 | 1) => {
    const next = [...featured];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    setFeatured(next);
  };
  const addable = collections.filter((c) => !featured.includes(c.id) && c.id !== heroId);

  async function submit() {
    setError(undefined);
    try {
      const answer = await save.mutateAsync({ heroId: heroId || null, featuredIds: featured });
      notifySuccess(answer.message ?? M.homeSaved);
    } catch (failure) {
      setError(messageOf(failure, T.saveFailed));
    }
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className={styles.muted}>
        With no hero and no featured collection the home page is the default one. A hidden or scheduled collection is
        left out until it shows.
      </p>
      <Field label="Hero" hint="The first thing on the home page; none keeps “NEW ARRIVALS ONLY”.">
        <select value={heroId} onChange={(event) => setHeroId(event.currentTarget.value)}>
          <option value="">None: the default hero</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {label(c)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className={styles.fieldset}>
        <legend>Featured collections, in order (at most {HOME_FEATURED_MAX})</legend>
        {featured.length === 0 ? <p className={styles.muted}>None featured.</p> : null}
        <ol className={styles.picked} aria-label="Featured collections">
          {featured.map((id, index) => (
            <li key={id}>
              <span className={styles.pickedName}>{nameOf(id)}</span>
              <span className={styles.rowActions}>
                <Button
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move ${nameOf(id)} up`}
                >
                  Move up
                </Button>
                <Button
                  variant="ghost"
                  disabled={index === featured.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move ${nameOf(id)} down`}
                >
                  Move down
                </Button>
                <Button
                  variant="ghost"
                  onClick={() => setFeatured(featured.filter((f) => f !== id))}
                  aria-label={`Remove ${nameOf(id)}`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
        <div className={styles.addRow}>
          <Field label="Collection to feature">
            <select value={adding} onChange={(event) => setAdding(event.currentTarget.value)}>
              <option value="">Choose…</option>
              {addable.map((c) => (
                <option key={c.id} value={c.id}>
                  {label(c)}
                </option>
              ))}
            </select>
          </Field>
          <Button
            disabled={!adding || featured.length >= HOME_FEATURED_MAX}
            onClick={() => {
              setFeatured([...featured, adding]);
              setAdding('');
            }}
          >
            Feature it
          </Button>
        </div>
      </fieldset>
      <FormError message={error} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isBusy={save.isPending}>
          Save home page
        </Button>
        <a href="/" target="_blank" rel="noopener">
          View the home page
        </a>
      </div>
    </form>
  );
}

/** /collections/home: the home page's hero and featured collections (docs/collections.md#the-home-page). */
export function HomeSectionsPage() {
  const collections = useCollections();
  const sections = useHomeSections();
  return (
    <>
      <PageHeader title="Home page sections" />
      <Panel>
        <QueryState
          isPending={collections.isPending || sections.isPending}
          error={collections.error ?? sections.error}
          onRetry={() => void Promise.all([collections.refetch(), sections.refetch()])}
          fallback={T.loadFailed}
        >
          {collections.data && sections.data ? (
            <SectionsForm
              key={`${sections.data.heroId ?? ''}|${sections.data.featuredIds.join(',')}`}
              collections={collections.data}
              heroId={sections.data.heroId}
              featuredIds={sections.data.featuredIds}
            />
          ) : null}
        </QueryState>
      </Panel>
    </>
  );
}
