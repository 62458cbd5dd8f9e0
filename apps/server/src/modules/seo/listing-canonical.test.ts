import { describe, expect, it } from 'vitest';
import { listingCanonical } from './listing-canonical.ts';

describe('the colour filter in a listing’s canonical rules (decisions 025 and 043)', () => {
  it('marks a listing narrowed by colour noindex, as sizes are, and leaves it out of the canonical', () => {
    for (const query of ['colours=green', 'colours=green,blue', 'colours=Green', 'colours=blue&colours=green']) {
      const canonical = listingCanonical(query);
      expect(canonical.isIndexable, query).toBe(false);
      expect(canonical.search, query).toBe('');
    }
    expect(listingCanonical('colours=green&discount=true&page=2').search).toBe('?discount=true&page=2');
  });

  it('reads a value that is no colour family as no filter, as the listing does', () => {
    for (const query of ['colours=', 'colours=,', 'colours=sage', 'colours=%20']) {
      expect(listingCanonical(query).isIndexable, query).toBe(true);
    }
    expect(listingCanonical('colours=sage,blue').isIndexable).toBe(false);
  });
});
