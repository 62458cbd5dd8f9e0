import { useRef, useState, type ChangeEvent } from 'react';
import { BACK_OFFICE_UI_MESSAGES as T, MAX_PRODUCT_IMAGES, type AdminProduct } from '@shopper/contract';
import { Button } from '../../../components/button.tsx';
import { Panel } from '../../../components/panel.tsx';
import { messageOf } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/toast.ts';
import { useSaveGallery, useUploadImage } from '../api/save-product.ts';
import styles from './product-images.module.css';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';

/** Upload (one file after another), reorder, choose the main image, delete. */
export function ProductImages({ product }: { product: AdminProduct }) {
  const upload = useUploadImage(product.id);
  const gallery = useSaveGallery(product.id);
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const urls = product.images.map((image) => image.url);
  const main = product.images.find((image) => image.isMain)?.url;

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
      title={`Images (${product.images.length} of ${MAX_PRODUCT_IMAGES})`}
      actions={
        <>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED}
            multiple
            className="visually-hidden"
            aria-label="Upload images"
            onChange={(event) => void onFiles(event)}
          />
          <Button variant="primary" isBusy={upload.isPending} onClick={() => input.current?.click()}>
            Upload images
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {product.images.length === 0 ? (
        <p className={styles.empty}>No images yet: JPEG, PNG, WebP or AVIF.</p>
      ) : (
        <ol className={styles.images} aria-busy={isBusy}>
          {product.images.map((image, index) => (
            <li key={image.url} className={styles.image}>
              <img
                src={image.url}
                srcSet={image.srcSet}
                sizes="160px"
                alt={`Image ${index + 1} of ${product.name}`}
                width={160}
                height={200}
                loading="lazy"
              />
              {image.isMain ? <span className={styles.main}>Main image</span> : null}
              <div className={styles.tools}>
                <Button variant="ghost" disabled={index === 0 || isBusy} onClick={() => move(index, -1)} aria-label={`Move image ${index + 1} earlier`}>
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
                  <Button variant="ghost" disabled={isBusy} onClick={() => void save(urls, image.url)} aria-label={`Make image ${index + 1} the main image`}>
                    Main
                  </Button>
                )}
                <Button
                  variant="ghost"
                  disabled={isBusy}
                  onClick={() => void save(urls.filter((url) => url !== image.url), main === image.url ? undefined : main)}
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
