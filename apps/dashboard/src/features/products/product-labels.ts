import type { BadgeTone } from '../../components/badge.tsx';

export const STATUS_LABELS = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const;
export const STATUS_TONES: Record<keyof typeof STATUS_LABELS, BadgeTone> = {
  draft: 'warning',
  published: 'success',
  archived: 'neutral',
};
export const CATEGORY_LABELS = { men: 'Men', women: 'Women', kids: 'Kids' } as const;
