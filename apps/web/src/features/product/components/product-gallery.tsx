import { useState } from 'react';
import type { ImageSource } from '@shopper/contract';
import { ProductImage, uploadedImageProps } from '../../../components/product-image.tsx';
import styles from './product-page.module.css';

interface ProductGalleryProps {
  name: string;
  images: string[];
  initialIndex: number;
  /** Variants of uploaded images, by URL (the product's `imageSources`). */
  imageSources?: Record<string, ImageSource>;
}

/** The main picture fills the left column on a wide screen and the page width below 820 px. */
const MAIN_IMAGE_SIZES = '(max-width: 820px) 100vw, 50vw';
const THUMB_SIZES = '96px';

export function ProductGallery({ name, images, initialIndex, imageSources }: ProductGalleryProps) {
  const [selected, setSelected] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, images.length - 1)));
  const current = images[selected];

  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage}>
        <ProductImage
          src={current}
          alt={name}
          isPriority
          sizes={MAIN_IMAGE_SIZES}
          {...uploadedImageProps(imageSources, current)}
        />
      </div>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Product images">
          {images.map((src, index) => (
            <li key={`${src}-${index}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <ProductImage src={src} alt="" sizes={THUMB_SIZES} {...uploadedImageProps(imageSources, src)} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
