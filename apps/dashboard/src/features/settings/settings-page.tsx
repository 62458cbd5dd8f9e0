import { useForm } from 'react-hook-form';
import { BACK_OFFICE_UI_MESSAGES as T, ShopSettingsBodySchema, type ShopSettings } from '@shopper/contract';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { FormError } from '../../components/form-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Panel } from '../../components/panel.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { amountOf, contractResolver } from '../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { useSettings } from './api/get-settings.ts';
import { useSaveSettings } from './api/save-settings.ts';

function SettingsForm({ settings }: { settings: ShopSettings }) {
  const save = useSaveSettings();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ lowStockThreshold: string }>({
    defaultValues: { lowStockThreshold: String(settings.lowStockThreshold) },
    resolver: contractResolver(ShopSettingsBodySchema, (values: { lowStockThreshold: string }) => ({
      lowStockThreshold: amountOf(values.lowStockThreshold),
    })),
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({ lowStockThreshold: amountOf(values.lowStockThreshold) });
      notifySuccess(answer.message ?? 'Settings saved.');
    } catch (error) {
      const message = applyServerErrors(error, setError, ['lowStockThreshold'], T.saveFailed);
      if (message) setError('root', { message });
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate style={{ display: 'grid', gap: 'var(--space-3)', maxWidth: 360 }}>
      <Field
        label="Low-stock threshold"
        error={errors.lowStockThreshold?.message}
        hint="A size with this many or fewer left shows under Low stock on Home."
      >
        <input inputMode="numeric" {...register('lowStockThreshold')} />
      </Field>
      <FormError message={errors.root?.message} />
      <Button type="submit" variant="primary" isBusy={isSubmitting}>
        Save settings
      </Button>
    </form>
  );
}

/** Owner only: the shop's settings (today the low-stock threshold). */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <>
      <PageHeader title="Settings" />
      <QueryState isPending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()} fallback={T.loadFailed}>
        {settings.data ? (
          <Panel title="Stock">
            <SettingsForm key={settings.data.lowStockThreshold} settings={settings.data} />
          </Panel>
        ) : null}
      </QueryState>
    </>
  );
}
