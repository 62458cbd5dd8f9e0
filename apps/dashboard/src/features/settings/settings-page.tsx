import { useForm } from 'react-hook-form';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  type ErasedReviewPolicy,
  FORMER_CUSTOMER,
  GUEST_CHECKOUT_MESSAGES as G,
  ShopSettingsBodySchema,
  type ShopSettings,
} from '@shopper/contract';
import { Button } from '../../components/button.tsx';
import { CheckField, Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { amountOf, contractResolver } from '../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { useSettings } from './api/get-settings.ts';
import { useSaveSettings, type ShopSettingsBody } from './api/save-settings.ts';
import styles from './settings-page.module.css';

interface SettingsValues {
  lowStockThreshold: string;
  /** One host per line, as typed. */
  importImageHosts: string;
  returnWindowDays: string;
  erasedReviews: ErasedReviewPolicy;
  guestCheckout: boolean;
}

function toBody(values: SettingsValues): ShopSettingsBody {
  return {
    lowStockThreshold: amountOf(values.lowStockThreshold),
    importImageHosts: values.importImageHosts
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    returnWindowDays: amountOf(values.returnWindowDays),
    erasedReviews: values.erasedReviews,
    guestCheckout: values.guestCheckout,
  };
}

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettingsValues>({
    defaultValues: {
      lowStockThreshold: String(settings.lowStockThreshold),
      importImageHosts: settings.importImageHosts.join('\n'),
      returnWindowDays: String(settings.returnWindowDays),
      erasedReviews: settings.erasedReviews,
      guestCheckout: settings.guestCheckout,
    },
    resolver: contractResolver(ShopSettingsBodySchema, toBody),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(toBody(values));
      notifySuccess(answer.message ?? 'Settings saved.');
    } catch (error) {
      const message = applyServerErrors(
        error,
        setError,
        ['lowStockThreshold', 'importImageHosts', 'returnWindowDays', 'erasedReviews', 'guestCheckout'],
        T.saveFailed,
      );
      if (message) setError('root', { message });
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <Panel title="Stock">
        <div className={styles.fields}>
          <Field
            label="Low-stock threshold"
            error={errors.lowStockThreshold?.message}
            hint="A size with this many or fewer left shows under Low stock on Home."
          >
            <input inputMode="numeric" {...register('lowStockThreshold')} />
          </Field>
        </div>
      </Panel>
      <Panel title="Checkout">
        <div className={styles.fields}>
          <CheckField label={G.settingLabel} error={errors.guestCheckout?.message} hint={G.settingHint}>
            <input {...register('guestCheckout')} />
          </CheckField>
        </div>
      </Panel>
      <Panel title="Returns">
        <div className={styles.fields}>
          <Field
            label="Return window (days)"
            error={errors.returnWindowDays?.message}
            hint="How many days after delivery a customer may ask for a return; 0 turns returns off."
          >
            <input inputMode="numeric" {...register('returnWindowDays')} />
          </Field>
        </div>
      </Panel>
      <Panel title="Customers' data">
        <div className={styles.fields}>
          <Field
            label="Reviews of erased customers"
            error={errors.erasedReviews?.message}
            hint={`When a customer's account is erased, at their request or yours: keep their reviews on the products, signed '${FORMER_CUSTOMER}' instead of their name, or remove them. Accounts erased before a change keep what was chosen then.`}
          >
            <select {...register('erasedReviews')}>
              <option value="keep">Keep, under '{FORMER_CUSTOMER}'</option>
              <option value="remove">Remove</option>
            </select>
          </Field>
        </div>
      </Panel>
      <Panel title="Catalog import">
        <div className={styles.fields}>
          <Field
            label="Image hosts"
            error={errors.importImageHosts?.message}
            hint={
              <>
                Where an imported catalog may fetch pictures from, one per line: a host name (cdn.shopify.com), a
                wildcard of its subdomains (*.example.com), or an origin to allow plain HTTP (http://127.0.0.1:4100).
                Empty: the import fetches no pictures.
              </>
            }
          >
            <textarea rows={5} spellCheck={false} autoCapitalize="none" {...register('importImageHosts')} />
          </Field>
        </div>
      </Panel>
      <FormError message={errors.root?.message} />
      <div>
        <Button type="submit" variant="primary" isBusy={isSubmitting}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

/**
 * Owner only: the shop's settings (the low-stock threshold, guest checkout, returns, erased
 * customers' reviews, the import's image hosts).
 */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <>
      <PageHeader title="Settings" />
      <QueryState
        isPending={settings.isPending}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        fallback={T.loadFailed}
      >
        {settings.data ? (
          // What the server kept (normalised hosts) replaces what was typed.
          <SettingsForm
            key={`${settings.data.lowStockThreshold}|${settings.data.guestCheckout}|${settings.data.returnWindowDays}|${settings.data.erasedReviews}|${settings.data.importImageHosts.join(',')}`}
            settings={settings.data}
          />
        ) : null}
      </QueryState>
    </>
  );
}
