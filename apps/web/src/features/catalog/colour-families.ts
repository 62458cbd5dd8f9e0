import type { ColourFamily } from '@shopper/contract';

/**
 * The dot drawn beside each family in the colour filter: one typical shade per family. The
 * families themselves come from the swatches (decision 043); these only draw the filter.
 */
export const FAMILY_DOTS: Record<ColourFamily, string> = {
  black: '#1f1f1f',
  white: '#ffffff',
  grey: '#9ca3af',
  beige: '#d8c3a5',
  brown: '#7b5136',
  red: '#c0392b',
  pink: '#e88fb0',
  orange: '#e67e22',
  yellow: '#f1c40f',
  green: '#5e8c4a',
  blue: '#2f5d9e',
  purple: '#7d4f9e',
};
