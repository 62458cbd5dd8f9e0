import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { COUNTRIES, countryName, TaxesAnswerSchema, type TaxesAnswer } from '@shopper/contract';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import styles from '../../components/owner-screen.module.css';
import { useScreenChange } from '../../hooks/use-screen-change.ts';
import { apiCall } from '../../lib/api-client.ts';

const taxesKey = ['admin', 'taxes'] as const;

/** Every change answers the whole screen, which replaces what is shown. */
const useTaxChange = (onDone?: () => void) =>
  useScreenChange({
    base: '/admin/taxes',
    schema: TaxesAnswerSchema,
    queryKey: taxesKey,
    dataOf: (answer) => answer,
    onDone,
  });

const percentOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function SettingsForm({ settings }: { settings: TaxesAnswer['settings'] }) {
  const [values, setValues] = useState(settings);
  const change = useTaxChange();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.run({ path: '/settings', method: 'PUT', body: values });
  };
  const text = (key: 'legalName' | 'legalAddress' | 'taxNumber') => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => setValues({ ...values, [key]: e.currentTarget.value }),
  });
  return (
    <Panel title="Prices and receipts">
      <form className={styles.stack} onSubmit={submit} noValidate>
        <label>
          <input
            type="checkbox"
            checked={values.pricesIncludeTax}
            onChange={(e) => setValues({ ...values, pricesIncludeTax: e.currentTarget.checked })}
          />{' '}
          Prices include tax (the shelf price is what the customer pays; receipts show “incl. VAT”)
        </label>
        <Field label="Legal name" hint="Printed at the top of every receipt.">
          <input {...text('legalName')} />
        </Field>
        <Field label="Legal address">
          <textarea rows={3} {...text('legalAddress')} />
        </Field>
        <Field label="Tax number">
          <input {...text('taxNumber')} />
        </Field>
        <FormError message={change.error} />
        <div>
          <Button type="submit" variant="primary" isBusy={change.isBusy}>
            Save tax settings
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function RateForm() {
  const [country, setCountry] = useState('US');
  const [state, setState] = useState('');
  const [rate, setRate] = useState('');
  const [shippingRate, setShippingRate] = useState('');
  const change = useTaxChange(() => {
    setState('');
    setRate('');
    setShippingRate('');
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.run({
      path: '/rates',
      method: 'POST',
      body: { country, state, rate: Number(rate || 'x'), shippingRate: percentOrNull(shippingRate) },
    });
  };
  return (
    <form className={styles.row} onSubmit={submit} aria-label="Add a tax rate" noValidate>
      <Field label="Country">
        <select value={country} onChange={(e) => setCountry(e.currentTarget.value)}>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="State or province (optional)">
        <input value={state} onChange={(e) => setState(e.currentTarget.value)} />
      </Field>
      <Field label="Rate (%)">
        <input inputMode="decimal" value={rate} onChange={(e) => setRate(e.currentTarget.value)} />
      </Field>
      <Field label="Rate on shipping (%, optional)">
        <input inputMode="decimal" value={shippingRate} onChange={(e) => setShippingRate(e.currentTarget.value)} />
      </Field>
      <Button type="submit" isBusy={change.isBusy}>
        Add rate
      </Button>
      <FormError message={change.error} />
    </form>
  );
}

function RatesPanel({ answer }: { answer: TaxesAnswer }) {
  const change = useTaxChange();
  return (
    <Panel title="Rates">
      <div className={styles.stack}>
        {answer.rates.length === 0 ? (
          <p className={styles.muted}>
            No rate is set: {answer.fallbackRate}% (the server’s TAX_RATE) is charged on goods everywhere. Once a rate
            is set, a place without one pays no tax.
          </p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.muted}>Tax rates by place</caption>
              <thead>
                <tr>
                  <th scope="col">Country</th>
                  <th scope="col">State or province</th>
                  <th scope="col">Rate</th>
                  <th scope="col">On shipping</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.rates.map((rate) => (
                  <tr key={rate.id}>
                    <td>{countryName(rate.country) ?? rate.country}</td>
                    <td>{rate.state || 'Whole country'}</td>
                    <td>{rate.rate}%</td>
                    <td>{rate.shippingRate === null ? 'Not taxed' : `${rate.shippingRate}%`}</td>
                    <td>
                      <Button
                        onClick={() => change.run({ path: `/rates/${rate.id}`, method: 'DELETE' })}
                        aria-label={`Delete the rate of ${rate.state || (countryName(rate.country) ?? rate.country)}`}
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
        <RateForm />
      </div>
    </Panel>
  );
}

/** Owner only: tax rates per place, whether prices include tax, the receipts' legal details (docs/shipping-and-taxes.md#taxes). */
export function TaxesPage() {
  const taxes = useQuery({
    queryKey: taxesKey,
    queryFn: ({ signal }) => apiCall('/admin/taxes', TaxesAnswerSchema, { signal }),
  });
  return (
    <>
      <PageHeader title="Taxes" />
      <QueryState
        isPending={taxes.isPending}
        error={taxes.error}
        onRetry={() => void taxes.refetch()}
        fallback="Failed to load taxes"
      >
        {taxes.data ? (
          <div className={styles.stack}>
            <SettingsForm settings={taxes.data.settings} />
            <RatesPanel answer={taxes.data} />
          </div>
        ) : null}
      </QueryState>
    </>
  );
}
