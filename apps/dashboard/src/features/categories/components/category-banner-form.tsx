import { useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  CategoryBannerBodySchema,
  type CategoryBanner,
  type CategoryInfo,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { env } from '../../../config/env.ts';
import { messageOf } from '../../../lib/api-client.ts';
import { contractResolver } from '../../../lib/contract-resolver.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { uploadBannerPicture, useSaveBanner } from '../api/save-banner.ts';
import styles from '../categories.module.css';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';
type Choice = Omit<CategoryBanner, 'alt'> & { label: string; alt?: string };
type Values = { image: string; alt: string };

/** Shop paths are served by the API's origin (the same one in production). */
export const bannerSrc = (image: string) => (image.startsWith('/') ? `${env.apiOrigin}${image}` : image);

/** One category's banner: choose a built-in picture, the current one, or upload a new one; describe it; save. */
export function CategoryBannerForm({ category, builtIn }: { category: CategoryInfo; builtIn: CategoryBanner[] }) {
  const save = useSaveBanner(category.slug);
  const input = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<Choice | null>(null);
  const [isUploading, setUploading] = useState(false);
  const isBuiltIn = builtIn.some((b) => b.image === category.banner.image);
  const choices: Choice[] = [
    ...(isBuiltIn ? [] : [{ ...category.banner, label: 'Current picture' }]),
    ...builtIn.map((b) => ({ ...b, label: `Built-in: ${b.image.split('/').pop() ?? b.image}` })),
    ...(uploaded ? [uploaded] : []),
  ];
  const choiceOf = (image: string) => choices.find((c) => c.image === image);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { image: category.banner.image, alt: category.banner.alt },
    resolver: contractResolver(CategoryBannerBodySchema, (values: Values) => ({
      image: values.image,
      alt: values.alt,
      width: choiceOf(values.image)?.width,
      height: choiceOf(values.image)?.height,
    })),
  });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    clearErrors('root');
    setUploading(true);
    try {
      const banner = await uploadBannerPicture(file);
      setUploaded({ ...banner, label: `Uploaded: ${file.name}` });
      setValue('image', banner.image);
      // A new picture needs its own description.
      setValue('alt', '');
    } catch (failure) {
      setError('root', { message: `${file.name}: ${messageOf(failure, T.saveFailed)}` });
    } finally {
      setUploading(false);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    const choice = choiceOf(values.image);
    try {
      const answer = await save.mutateAsync({
        image: values.image,
        alt: values.alt,
        width: choice?.width ?? 0,
        height: choice?.height ?? 0,
      });
      notifySuccess(answer.message);
    } catch (failure) {
      const message = applyServerErrors(failure, setError, ['image', 'alt'], T.saveFailed);
      if (message) setError('root', { message });
    }
  });

  const imageField = register('image');
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className={styles.form}>
      <fieldset className={styles.choices}>
        <legend>Picture</legend>
        {choices.map((choice) => (
          <label key={choice.image} className={styles.choice}>
            <input
              type="radio"
              value={choice.image}
              {...imageField}
              onChange={(event) => {
                void imageField.onChange(event);
                if (choice.alt) setValue('alt', choice.alt);
              }}
            />
            <img
              src={bannerSrc(choice.image)}
              alt=""
              width={choice.width}
              height={choice.height}
              className={styles.thumb}
            />
            <span>{choice.label}</span>
          </label>
        ))}
        {errors.image?.message ? <p className={styles.error}>{errors.image.message}</p> : null}
      </fieldset>
      <input
        ref={input}
        type="file"
        accept={ACCEPTED}
        className="visually-hidden"
        aria-label={`Upload a ${category.name} banner`}
        onChange={(event) => void onFile(event)}
      />
      <div>
        <Button isBusy={isUploading} onClick={() => input.current?.click()}>
          Upload a picture
        </Button>
      </div>
      <Field
        label="Description (alt text)"
        error={errors.alt?.message}
        hint="Read aloud to people who cannot see the banner."
      >
        <input {...register('alt')} />
      </Field>
      <FormError message={errors.root?.message} />
      <div>
        <Button type="submit" variant="primary" isBusy={isSubmitting}>
          Save {category.name} banner
        </Button>
      </div>
    </form>
  );
}
