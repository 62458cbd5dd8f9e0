import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COUNTRY_CODES, countryName, ShippingZonesAnswerSchema, type ShippingZone } from '@shopper/contract';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import styles from '../../components/owner-screen.module.css';
import { useScreenChange } from '../../hooks/use-screen-change.ts';
import { apiCall } from '../../lib/api-client.ts';

const zonesKey = ['admin', 'shipping'] as const;

/** Every change answers the zones as they now are: they replace the list. */
const useShippingChange = (onDone?: () => void) =>
  useScreenChange({
    base: '/admin/shipping',
    schema: ShippingZonesAnswerSchema,
    queryKey: zonesKey,
    dataOf: (answer) => answer.zones,
    onDone,
  });

/** "US" or "CA: Ontario, British Columbia", one country per line. */
function parsePlaces(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [country = '', states = ''] = line.split(':');
      return {
        country: country.trim().toUpperCase(),
        states: states
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

function MethodForm({ zone }: { zone: ShippingZone }) {
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [freeFrom, setFreeFrom] = useState('');
  const [estimate, setEstimate] = useState('');
  const change = useShippingChange(() => {
    setName('');
    setPrice('');
    setFreeFrom('');
    setEstimate('');
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.run({
      path: `/zones/${zone.id}/methods`,
      method: 'POST',
      body: { name, price: Number(price || 'x'), freeFrom: freeFrom ? Number(freeFrom) : null, estimate },
    });
  };
  return (
    <form className={styles.row} onSubmit={submit} aria-label={`Add a method to ${zone.name}`} noValidate>
      <Field label="Method name">
        <input value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </Field>
      <Field label="Price ($)">
        <input inputMode="decimal" value={price} onChange={(e) => setPrice(e.currentTarget.value)} />
      </Field>
      <Field label="Free from ($, optional)">
        <input inputMode="decimal" value={freeFrom} onChange={(e) => setFreeFrom(e.currentTarget.value)} />
      </Field>
      <Field label="Delivery estimate">
        <input value={estimate} placeholder="2–4 business days" onChange={(e) => setEstimate(e.currentTarget.value)} />
      </Field>
      <Button type="submit" isBusy={change.isBusy}>
        Add method
      </Button>
      <FormError message={change.error} />
    </form>
  );
}

function ZonePanel({ zone }: { zone: ShippingZone }) {
  const change = useShippingChange();
  const where = zone.isRestOfWorld
    ? 'Every country no other zone names'
    : zone.places
        .map((p) => `${countryName(p.country) ?? p.country}${p.states.length ? ` (${p.states.join(', ')})` : ''}`)
        .join(', ');
  return (
    <Panel
      title={zone.name}
      actions={
        <Button
          variant="danger"
          isBusy={change.isBusy}
          onClick={() => {
            if (window.confirm(`Delete the zone ${zone.name} and its methods?`))
              change.run({ path: `/zones/${zone.id}`, method: 'DELETE' });
          }}
        >
          Delete zone
        </Button>
      }
    >
      <div className={styles.stack}>
        <p className={styles.muted}>{where}</p>
        {zone.methods.length === 0 ? (
          <p>No method yet: its countries cannot be shipped to until one is added.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.muted}>Methods of {zone.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Method</th>
                  <th scope="col">Id</th>
                  <th scope="col">Price</th>
                  <th scope="col">Free from</th>
                  <th scope="col">Estimate</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {zone.methods.map((m) => (
                  <tr key={m.id}>
                    <td>{m.name}</td>
                    <td>{m.code}</td>
                    <td>{m.price === 0 ? 'Free' : `$${m.price.toFixed(2)}`}</td>
                    <td>{m.freeFrom === null ? '—' : `$${m.freeFrom.toFixed(2)}`}</td>
                    <td>{m.estimate || '—'}</td>
                    <td>
                      <Button
                        onClick={() => change.run({ path: `/methods/${m.id}`, method: 'DELETE' })}
                        aria-label={`Delete ${m.name}`}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <FormError message={change.error} />
        <MethodForm zone={zone} />
      </div>
    </Panel>
  );
}

function ZoneForm() {
  const [name, setName] = useState('');
  const [places, setPlaces] = useState('');
  const [isRestOfWorld, setIsRestOfWorld] = useState(false);
  const change = useShippingChange(() => {
    setName('');
    setPlaces('');
    setIsRestOfWorld(false);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.run({ path: '/zones', method: 'POST', body: { name, isRestOfWorld, places: parsePlaces(places) } });
  };
  return (
    <Panel title="Add a zone">
      <form className={styles.stack} onSubmit={submit} noValidate>
        <Field label="Zone name">
          <input value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </Field>
        <Field
          label="Countries"
          hint={`One country code per line (${COUNTRY_CODES.join(', ')}); to narrow one to some states: CA: Ontario, Quebec`}
        >
          <textarea rows={4} value={places} onChange={(e) => setPlaces(e.currentTarget.value)} />
        </Field>
        <label>
          <input type="checkbox" checked={isRestOfWorld} onChange={(e) => setIsRestOfWorld(e.currentTarget.checked)} />{' '}
          Rest of the world (every country no other zone names)
        </label>
        <FormError message={change.error} />
        <div>
          <Button type="submit" variant="primary" isBusy={change.isBusy}>
            Add zone
          </Button>
        </div>
      </form>
    </Panel>
  );
}

/** Owner only: where the shop ships, by which methods, at what price (docs/shipping-and-taxes.md#zones). */
export function ShippingPage() {
  const zones = useQuery({
    queryKey: zonesKey,
    queryFn: ({ signal }) =>
      apiCall('/admin/shipping/zones', ShippingZonesAnswerSchema, { signal }).then((a) => a.zones),
  });
  return (
    <>
      <PageHeader title="Shipping" />
      <QueryState
        isPending={zones.isPending}
        error={zones.error}
        onRetry={() => void zones.refetch()}
        fallback="Failed to load shipping zones"
      >
        <div className={styles.stack}>
          {zones.data?.length === 0 ? <p>No zone: the shop ships nowhere.</p> : null}
          {zones.data?.map((zone) => (
            <ZonePanel key={zone.id} zone={zone} />
          ))}
          <ZoneForm />
        </div>
      </QueryState>
    </>
  );
}
