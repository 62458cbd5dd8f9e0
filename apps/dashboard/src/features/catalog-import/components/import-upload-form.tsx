import { useState, type FormEvent } from 'react';
import { BACK_OFFICE_UI_MESSAGES as T, CATEGORIES, type CatalogImport, type Category } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Panel } from '../../../components/panel.tsx';
import { isApiError, messageOf } from '../../../lib/api-client.ts';
import { useUploadCatalog } from '../api/upload-catalog.ts';
import styles from '../catalog-import.module.css';

const CATEGORY_NAMES: Record<Category, string> = { men: 'Men', women: 'Women', kids: 'Kids' };

/** The file and the category for products the file gives none; the answer is the dry run. */
export function ImportUploadForm({ onPlanned }: { onPlanned: (job: CatalogImport) => void }) {
  const upload = useUploadCatalog();
  const [file, setFile] = useState<File | null>(null);
  const [defaultCategory, setDefaultCategory] = useState<Category | ''>('');
  const [errors, setErrors] = useState<{ file?: string; defaultCategory?: string; form?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setErrors({ file: T.importFileMissing });
      return;
    }
    setErrors({});
    try {
      onPlanned(await upload.mutateAsync({ file, defaultCategory: defaultCategory || undefined }));
    } catch (error) {
      // A refusal about the file (too big, too many rows, not a CSV) goes under it; anything else on the form.
      const fieldErrors = isApiError(error) ? error.errors : [];
      const onCategory = fieldErrors.find((row) => row.param === 'defaultCategory')?.msg;
      const onFile = fieldErrors.find((row) => row.param === 'file')?.msg;
      const message = messageOf(error, T.actionFailed);
      setErrors(onCategory || onFile ? { file: onFile, defaultCategory: onCategory } : { form: message });
    }
  }

  return (
    <Panel title="Check a file">
      <p className={styles.note}>
        A product CSV exported from Shopify, or from this screen. Checking it changes nothing: it reports what importing
        would create, update or refuse, line by line.
      </p>
      <form className={styles.uploadForm} onSubmit={(event) => void submit(event)} noValidate aria-label="Check a file">
        <div className={styles.uploadFields}>
          <Field label={T.importFileLabel} error={errors.file}>
            <input
              type="file"
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setErrors({});
              }}
            />
          </Field>
          <Field
            label={T.importDefaultCategory}
            error={errors.defaultCategory}
            hint="For products the file gives no category."
          >
            <select
              value={defaultCategory}
              onChange={(event) => setDefaultCategory(event.target.value as Category | '')}
            >
              <option value="">None</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_NAMES[category]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <FormError message={errors.form} />
        <div>
          <Button type="submit" variant="primary" isBusy={upload.isPending}>
            {T.importCheck}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
