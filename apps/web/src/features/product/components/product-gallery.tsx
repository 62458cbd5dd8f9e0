import { useState } from 'react';
import { ProductImage } from '../../../components/product-image.tsx';
import styles from './product-page.module.css';

interface ProductGalleryProps {
  name: string;
  images: string[];
  initialIndex: number;
}

export function ProductGallery({ name, images, initialIndex }: ProductGalleryProps) {
  const [selected, setSelected] = useState(() => Math.min(Math.max(0, initialIndex), Math.max(0, images.length - 1)));
  const current = images[selected];

  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage}>
        <ProductImage src={current} alt={name} isAboveFold />
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
                <ProductImage src={src} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
