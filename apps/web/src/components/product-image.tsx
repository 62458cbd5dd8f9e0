import type { ImgHTMLAttributes, SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE } from '@shopper/contract';

/** Product images are 600x750 SVGs (4:5). */
export const PRODUCT_IMAGE_WIDTH = 600;
export const PRODUCT_IMAGE_HEIGHT = 750;

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string | undefined;
  alt: string;
  isAboveFold?: boolean;
}

/** Missing or broken images fall back to the placeholder (SPEC §9). */
export function ProductImage({ src, alt, isAboveFold = false, ...rest }: ProductImageProps) {
  function handleError(event: SyntheticEvent<HTMLImageElement>) {
    const img = event.currentTarget;
    if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
  }
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt={alt}
      width={PRODUCT_IMAGE_WIDTH}
      height={PRODUCT_IMAGE_HEIGHT}
      loading={isAboveFold ? 'eager' : 'lazy'}
      decoding="async"
      onError={handleError}
      {...rest}
    />
  );
}
