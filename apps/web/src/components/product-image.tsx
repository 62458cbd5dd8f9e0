import type { ImgHTMLAttributes, SyntheticEvent } from 'react';
import { PLACEHOLDER_IMAGE } from '@shopper/contract/plain';
import type { ImageSource } from '@shopper/contract';

/** Generated product images are 600x750 SVGs (4:5); uploads carry their own size. */
export const PRODUCT_IMAGE_WIDTH = 600;
export const PRODUCT_IMAGE_HEIGHT = 750;

/** How wide a product card's picture is drawn: the grid's 4, 3 or 2 columns (product-grid.module.css). */
export const CARD_IMAGE_SIZES = '(max-width: 700px) 50vw, (max-width: 1000px) 33vw, 25vw';

interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string | undefined;
  alt: string;
  isAboveFold?: boolean;
  /** The page's largest picture (its LCP element): fetched first, ahead of scripts and other images. */
  isPriority?: boolean;
  /** WebP widths of an uploaded image (`url 320w, …`), with `sizes` saying how wide it is drawn. */
  srcSet?: string;
  sizes?: string;
  /** AVIF widths, offered first through <picture> where the server found they pay. */
  avifSrcSet?: string;
}

/** The srcset props of an uploaded image, from the product's `imageSources`; nothing for generated pictures. */
export function uploadedImageProps(
  sources: Record<string, ImageSource> | undefined,
  src: string | undefined,
): Pick<ProductImageProps, 'srcSet' | 'avifSrcSet' | 'width' | 'height'> {
  const source = src ? sources?.[src] : undefined;
  if (!source) return {};
  return { srcSet: source.srcSet, avifSrcSet: source.avifSrcSet, width: source.width, height: source.height };
}

/** Missing or broken images fall back to the placeholder (docs/product.md#images). */
export function ProductImage({
  src,
  alt,
  isAboveFold = false,
  isPriority = false,
  srcSet,
  sizes,
  avifSrcSet,
  ...rest
}: ProductImageProps) {
  function handleError(event: SyntheticEvent<HTMLImageElement>) {
    const img = event.currentTarget;
    if (img.src.endsWith(PLACEHOLDER_IMAGE)) return;
    img.removeAttribute('srcset');
    img.parentElement?.querySelectorAll('source').forEach((source) => source.remove());
    img.src = PLACEHOLDER_IMAGE;
  }
  const img = (
    <img
      src={src || PLACEHOLDER_IMAGE}
      srcSet={src ? srcSet : undefined}
      sizes={src && srcSet ? sizes : undefined}
      alt={alt}
      width={PRODUCT_IMAGE_WIDTH}
      height={PRODUCT_IMAGE_HEIGHT}
      loading={isAboveFold || isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding={isPriority ? undefined : 'async'}
      onError={handleError}
      {...rest}
    />
  );
  if (!src || !avifSrcSet) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}
