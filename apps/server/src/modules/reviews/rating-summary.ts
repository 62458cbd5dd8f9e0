/** Review counts for 1..5 stars, keyed '1'..'5' as on the wire. */
export type RatingDistribution = { 1: number; 2: number; 3: number; 4: number; 5: number };

export type RatingSummary = { average: number; total: number; distribution: RatingDistribution };

/**
 * The product's rating: the mean of its reviews rounded half up to one decimal, 0 with no reviews.
 * Integer arithmetic until the last step, so x.x5 never rounds down by a floating-point hair.
 */
export function averageRating(starSum: number, count: number): number {
  return count === 0 ? 0 : Math.round((starSum * 10) / count) / 10;
}

/** Builds the summary from (stars, count) rows; stars outside 1..5 cannot exist (check constraint). */
export function summarize(rows: readonly { rating: number; count: number }[]): RatingSummary {
  const distribution: RatingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let starSum = 0;
  for (const { rating, count } of rows) {
    if (rating < 1 || rating > 5) continue;
    distribution[rating as keyof RatingDistribution] += count;
    total += count;
    starSum += rating * count;
  }
  return { average: averageRating(starSum, total), total, distribution };
}
