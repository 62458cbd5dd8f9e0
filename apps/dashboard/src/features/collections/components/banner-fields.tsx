import { useState, type ChangeEvent } from 'react';
import { BACK_OFFICE_UI_MESSAGES as T } from '@shopper/contract';
import { Field } from '../../../components/field.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { uploadBannerPicture } from '../api/collections.ts';
import styles from '../collections.module.css';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';

export type BannerValues = { image: string; alt: string; width: string; height: string };

/** An optional banner: upload a picture (re-encoded like product pictures) or give a shop path or https address. */
export function BannerFields({
  values,
  onChange,
  errors,
}: {
  values: BannerValues;
  onChange: (next: BannerValues) => void;
  errors: Record<string, string | undefined>;
}) {
  const [uploadError, setUploadError] = useState<string | undefined>();
  const [isUploading, setUploading] = useState(false);
  const set = (change: Partial<BannerValues>) => onChange({ ...values, ...change });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(undefined);
    setUploading(true);
    try {
      const banner = await uploadBannerPicture(file);
      onChange({ image: banner.image, alt: '', width: String(banner.width), height: String(banner.height) });
    } catch (failure) {
      setUploadError(`${file.name}: ${messageOf(failure, T.saveFailed)}`);
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className={styles.fieldset}>
      <legend>Banner (optional)</legend>
      <label className={styles.searchLabel}>
        Upload a picture (JPEG, PNG, WebP or AVIF)
        <input type="file" accept={ACCEPTED} onChange={(event) => void onFile(event)} disabled={isUploading} />
      </label>
      {uploadError ? (
        <p className={styles.error} role="alert">
          {uploadError}
        </p>
      ) : null}
      <div className={styles.grid}>
        <Field
          label="Picture address"
          hint="/images/… or https://…; empty for no banner"
          error={errors['banner.image']}
        >
          <input value={values.image} onChange={(event) => set({ image: event.currentTarget.value })} />
        </Field>
        <Field label="Description of the picture" error={errors['banner.alt']}>
          <input value={values.alt} onChange={(event) => set({ alt: event.currentTarget.value })} />
        </Field>
        <Field label="Width (px)" error={errors['banner.width']}>
          <input
            inputMode="numeric"
            value={values.width}
            onChange={(event) => set({ width: event.currentTarget.value })}
          />
        </Field>
        <Field label="Height (px)" error={errors['banner.height']}>
          <input
            inputMode="numeric"
            value={values.height}
            onChange={(event) => set({ height: event.currentTarget.value })}
          />
        </Field>
      </div>
    </fieldset>
  );
}
