import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import {
  BACK_OFFICE_UI_MESSAGES as T,
  MAX_PRODUCT_IMAGES,
  type AdminProduct,
  type AdminProductColour,
} from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Panel } from '../../../components/panel.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useSaveGallery, useUploadImage } from '../api/save-product.ts';
import styles from './product-images.module.css';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * Photos are per colour (decision 043): a product with several colours shows one colour's gallery at a
 * time, picked above it; a product with one colour has the one gallery, as before colours.
 */
export function ProductImages({ product }: { product: AdminProduct }) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const hasColours = product.colours.length > 1;
  const colour = hasColours
    ? (product.colours.find((row) => row.id === chosenId) ??
      product.colours.find((row) => !row.isHidden) ??
      product.colours[0] ??
      null)
    : null;
  const picker = colour ? (
    <label className={styles.picker}>
      <span>Photos of the colour</span>
      <select value={colour.id} onChange={(event) => setChosenId(event.target.value)}>
        {product.colours.map((row) => (
          <option key={row.id} value={row.id}>
            {row.name}
            {row.isHidden ? ' (hidden)' : ''} · {row.images.length}
          </option>
        ))}
      </select>
    </label>
  ) : null;
  // A gallery of its own per colour: what was being done to one colour's photos stays with it.
  return <Gallery key={colour?.id ?? 'product'} product={product} colour={colour} picker={picker} />;
}

/** Upload (one file after another), reorder, choose the main image, delete. */
function Gallery({
  product,
  colour,
  picker,
}: {
  product: AdminProduct;
  colour: AdminProductColour | null;
  picker: ReactNode;
}) {
  const upload = useUploadImage(product.id, colour?.id ?? null);
  const gallery = useSaveGallery(product.id, colour?.id ?? null);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const images = colour ? colour.images : product.images;
  const urls = images.map((image) => image.url);
  const main = images.find((image) => image.isMain)?.url;
  const of = colour ? `${product.name} in ${colour.name}` : product.name;

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setError(null);
    for (const file of files) {
      try {
        await upload.mutateAsync(file);
        notifySuccess(`${file.name} uploaded`);
      } catch (failure) {
        setError(`${file.name}: ${messageOf(failure, T.saveFailed)}`);
        return;
      }
    }
  }

  async function save(images: string[], mainImage: string | undefined) {
    setError(null);
    try {
      await gallery.mutateAsync({ images, mainImage: mainImage && images.includes(mainImage) ? mainImage : images[0] });
    } catch (failure) {
      setError(messageOf(failure, T.saveFailed));
    }
  }

  const move = (index: number, by: number) => {
    const next = [...urls];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    void save(next, main);
  };

  const isBusy = upload.isPending || gallery.isPending;
  return (
    <Panel
      title={`${colour ? `Images of ${colour.name}` : 'Images'} (${images.length} of ${MAX_PRODUCT_IMAGES})`}
      actions={
        <>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED}
            multiple
            className="visually-hidden"
            aria-label={colour ? `Upload images of ${colour.name}` : 'Upload images'}
            onChange={(event) => void onFiles(event)}
          />
          <Button variant="primary" isBusy={upload.isPending} onClick={() => input.current?.click()}>
            Upload images
          </Button>
        </>
      }
    >
      {picker}
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {images.length === 0 ? (
        <p className={styles.empty}>No images yet: JPEG, PNG, WebP or AVIF.</p>
      ) : (
        <ol className={styles.images} aria-busy={isBusy}>
          {images.map((image, index) => (
            <li key={image.url} className={styles.image}>
              <img
                src={image.url}
                srcSet={image.srcSet}
                sizes="160px"
                alt={`Image ${index + 1} of ${of}`}
                width={160}
                height={200}
                loading="lazy"
              />
              {image.isMain ? <span className={styles.main}>Main image</span> : null}
              <div className={styles.tools}>
                <Button
                  variant="ghost"
                  disabled={index === 0 || isBusy}
                  onClick={() => move(index, -1)}
                  aria-label={`Move image ${index + 1} earlier`}
                >
                  ←
                </Button>
                <Button
                  variant="ghost"
                  disabled={index === urls.length - 1 || isBusy}
                  onClick={() => move(index, 1)}
                  aria-label={`Move image ${index + 1} later`}
                >
                  →
                </Button>
                {image.isMain ? null : (
                  <Button
                    variant="ghost"
                    disabled={isBusy}
                    onClick={() => void save(urls, image.url)}
                    aria-label={`Make image ${index + 1} the main image`}
                  >
                    Main
                  </Button>
                )}
                <Button
                  variant="ghost"
                  disabled={isBusy}
                  onClick={() =>
                    void save(
                      urls.filter((url) => url !== image.url),
                      main === image.url ? undefined : main,
                    )
                  }
                  aria-label={`Delete image ${index + 1}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
