import type { CatalogProductInput } from './seed-catalog.ts';

/** A review of the demo shop, before it is tied to a product row. */
export type DemoReview = {
  slug: string;
  authorName: string;
  rating: number;
  content: string;
  verifiedPurchase: boolean;
  createdAt: Date;
};

type Product = Pick<CatalogProductInput, 'slug' | 'name' | 'category' | 'tags' | 'types' | 'rating' | 'publishedAt'> & {
  sizes: readonly { size: string }[];
};

const DAY_MS = 86_400_000;
/** The newest products have no reviews yet, so the page's empty state shows in the demo too. */
const UNREVIEWED_NEWEST = 5;
const MIN_REVIEWS = 3;
const MAX_REVIEWS = 26;
const VERIFIED_SHARE = 0.3;

/** mulberry32: small, fast and deterministic; the same catalog always gets the same reviews. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a string, the seed of one product's reviews. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (random: Random, p: number) => random() < p;

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Mia',
  'Lucas',
  'Harper',
  'Mateo',
  'Isabella',
  'Ethan',
  'Ava',
  'James',
  'Chloe',
  'Daniel',
  'Grace',
  'Samuel',
  'Priya',
  'Arjun',
  'Yuki',
  'Hiro',
  'Fatima',
  'Omar',
  'Lena',
  'Jonas',
  'Sofia',
  'Marco',
  'Camille',
  'Louis',
  'Ingrid',
  'Erik',
  'Aisha',
  'Kwame',
  'Mei',
  'Wei',
  'Zoe',
  'Leo',
  'Hannah',
  'Ben',
  'Nora',
  'Felix',
  'Rosa',
  'Diego',
  'Maya',
  'Sam',
  'Ella',
  'Jack',
  'Chiara',
  'Tomás',
  'Freya',
  'Rory',
  'Imani',
  'Theo',
  'Anya',
  'Kai',
  'Lucy',
  'Ravi',
] as const;
const LAST_INITIALS = 'ABCDEFGHIJKLMNOPRSTVWY';

type Group =
  | 'shirts'
  | 't-shirts'
  | 'tops'
  | 'dresses'
  | 'knitwear'
  | 'hoodies'
  | 'jeans'
  | 'outerwear'
  | 'rompers'
  | 'shorts'
  | 'skirts'
  | 'trousers';

const GROUP_NOUN: Record<Group, string> = {
  shirts: 'shirt',
  't-shirts': 'tee',
  tops: 'top',
  dresses: 'dress',
  knitwear: 'knit',
  hoodies: 'hoodie',
  jeans: 'pair of jeans',
  outerwear: 'jacket',
  rompers: 'romper',
  shorts: 'pair of shorts',
  skirts: 'skirt',
  trousers: 'pair of trousers',
};

const NAME_NOUNS = new Set([
  'shirt',
  'tee',
  'polo',
  'blouse',
  'top',
  'crewneck',
  'cardigan',
  'sweater',
  'jumper',
  'hoodie',
  'jacket',
  'coat',
  'overcoat',
  'parka',
  'blazer',
  'dress',
  'sundress',
  'skirt',
  'romper',
]);
const PAIR_NOUNS = new Set(['jeans', 'trousers', 'shorts', 'chinos', 'joggers', 'leggings']);

/** What a reviewer calls the garment: a word from its name when it is a garment, else its type. */
function nounOf(product: Product, group: Group): string {
  const words = product.name.toLowerCase().split(/[^a-z]+/);
  for (let i = words.length - 1; i >= 0; i -= 1) {
    const word = words[i] ?? '';
    if (NAME_NOUNS.has(word)) return word;
    if (PAIR_NOUNS.has(word)) return `pair of ${word}`;
  }
  return GROUP_NOUN[group];
}

const OPENERS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Absolutely love this {noun}.',
    'Best {noun} I have bought in years.',
    'Could not be happier with this purchase.',
    'Exceeded my expectations in every way.',
    'This has quickly become a wardrobe favourite.',
    'Wonderful quality for the price.',
    'I ordered one and went back for a second.',
    'Five stars without hesitation.',
  ],
  4: [
    'Really nice {noun}, with one small quibble.',
    'Very happy with this overall.',
    'Good quality and it looks just like the photos.',
    'A solid buy.',
    'Pleasantly surprised by this {noun}.',
    'Nice {noun}; I would happily buy again.',
  ],
  3: [
    "It's okay, but not quite what I hoped for.",
    'A decent {noun} with a few drawbacks.',
    'Mixed feelings about this one.',
    'Fine for the price, nothing special.',
    "Average. Some things I like, some I don't.",
  ],
  2: [
    'Disappointed, to be honest.',
    'Not great.',
    'It looked better online than in person.',
    'I wanted to like this {noun} more than I do.',
  ],
  1: [
    'Sadly this went straight back.',
    'I would not recommend this {noun}.',
    'Very poor quality for the money.',
    'Not what I expected at all.',
  ],
};

const GARMENT: Record<Group, { good: readonly string[]; bad: readonly string[] }> = {
  shirts: {
    good: [
      'The collar keeps its shape even after washing.',
      'The buttons are sewn on properly and the fabric breathes.',
      'It looks sharp tucked in for work and relaxed untucked at the weekend.',
    ],
    bad: [
      'The collar went limp after a couple of washes.',
      'It creases the moment you sit down.',
      'One button came loose the first time I wore it.',
    ],
  },
  't-shirts': {
    good: [
      'The jersey is soft but not see-through.',
      'The neckline has not stretched out after many washes.',
      'A great everyday tee that layers well under a shirt.',
    ],
    bad: [
      'The neckline stretched after the first wash.',
      'Thinner than I expected, almost see-through.',
      'The side seams twisted after washing.',
    ],
  },
  tops: {
    good: [
      'It drapes beautifully and works with jeans or a skirt.',
      'Light and comfortable on warm days.',
      'The cut is flattering without being tight.',
    ],
    bad: ['The fabric pills where my bag rubs.', 'Shorter than it looks in the photos.', 'The straps kept slipping.'],
  },
  dresses: {
    good: [
      'The skirt has a lovely movement when you walk.',
      'It has pockets, which every dress should.',
      'I got so many compliments wearing it to a wedding.',
    ],
    bad: [
      'The lining is shorter than the dress and shows.',
      'The zip catches every single time.',
      'Too tight across the chest for me.',
    ],
  },
  knitwear: {
    good: [
      'The knit is warm without being bulky.',
      'Soft against the skin with no itch at all.',
      'It has kept its shape through a whole winter.',
    ],
    bad: ['It started pilling after a week.', 'Itchier than I expected.', 'It lost its shape after one gentle wash.'],
  },
  hoodies: {
    good: [
      'Thick, cosy fleece on the inside.',
      'The hood actually stays up and the drawcords are sturdy.',
      'Perfect for chilly mornings and lazy Sundays.',
    ],
    bad: [
      'The cuffs went baggy quickly.',
      'Thinner fleece than I hoped for.',
      'The seams started fraying within a month.',
    ],
  },
  jeans: {
    good: [
      'The denim has just enough stretch.',
      'Great wash, and the fading looks natural.',
      'The pockets are deep enough for a phone.',
    ],
    bad: ['The dye bled onto my sofa.', 'They bagged out at the knees by lunchtime.', 'The waist gapes at the back.'],
  },
  outerwear: {
    good: [
      'It kept me dry in a proper downpour.',
      'Warm enough for freezing mornings with just a jumper underneath.',
      'Plenty of pockets, and the zip runs smoothly.',
    ],
    bad: [
      'Not as weather-resistant as described.',
      'The zip started sticking after a month.',
      'Too boxy, and the sleeves are long.',
    ],
  },
  rompers: {
    good: ['Easy to get on and off, which matters at this age.', 'The snaps are sturdy and the cotton is soft.'],
    bad: ['The snaps popped open all the time.', 'It shrank noticeably in the wash.'],
  },
  shorts: {
    good: ['Comfortable waistband and a good length just above the knee.', 'Light enough for the hottest days.'],
    bad: ['Much shorter than expected.', 'The drawcord came out in the wash.'],
  },
  skirts: {
    good: [
      "The length is just right and it doesn't ride up.",
      'It has a lovely swing to it.',
      'The waistband sits comfortably all day.',
    ],
    bad: ['It rides up when I walk.', 'The hem came down after a few wears.', 'It wrinkles very easily.'],
  },
  trousers: {
    good: [
      'Smart enough for the office and comfortable all day.',
      'The crease stays sharp.',
      'A good rise and a clean taper.',
    ],
    bad: [
      'The seat wore shiny quickly.',
      'The inseam is long, so I needed them hemmed.',
      'The fabric attracts every bit of lint.',
    ],
  },
};

const FABRIC: Record<string, { good: string; bad: string }> = {
  linen: { good: 'The linen softens with every wash.', bad: 'Linen creases, I know, but this creases a lot.' },
  cotton: { good: 'Nice, substantial cotton.', bad: 'The cotton feels a bit thin.' },
  wool: { good: 'The wool is warm and not scratchy.', bad: 'The wool is scratchier than I hoped.' },
  denim: { good: 'The denim feels sturdy.', bad: 'The denim feels cheaper than the price suggests.' },
  organic: { good: 'Nice to find organic cotton at this price.', bad: 'Organic is great, but the finish is not.' },
  recycled: {
    good: 'Love that it is made with recycled materials.',
    bad: 'Recycled fabric is a nice idea, but it feels rough.',
  },
};

const FIT_GOOD = [
  'True to size; I took my usual {size}.',
  'Fits as expected in my usual size ({size}).',
  'Sizing is spot on.',
  'I went with my normal {size} and the fit is just right.',
];
const KIDS_FIT_GOOD = [
  'We went with {size} and there is a little room to grow.',
  'True to the age sizing.',
  'The {size} fits my {child} perfectly.',
];
const FIT_BAD = [
  'It runs small, so size up.',
  'It runs large; I should have sized down.',
  'The sizing does not match the size chart.',
];
const CHILDREN = ['son', 'daughter', 'nephew', 'niece', 'little one', 'grandson', 'granddaughter'];
const KIDS_GOOD = [
  'My {child} wears it constantly.',
  'It survived the playground and the washing machine.',
  "Bought it for my {child}'s birthday and it was a hit.",
];
const KIDS_BAD = ['My {child} outgrew it in no time because it shrank.', 'It did not survive a week of school.'];
const CARE_GOOD = ['It washes well at 30 degrees.', 'It came out of the wash looking new.', 'No ironing needed.'];
const CARE_BAD = ['The colour faded after a few washes.', 'It needs ironing every single time.'];
const CLOSERS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: ['Highly recommend!', 'Will definitely buy again.', 'Worth every penny.', 'Already eyeing another colour.'],
  4: ['Would recommend.', 'Good value overall.', 'Happy with it.'],
  3: ['Might keep it, might return it.', 'Okay for the price.', "I wouldn't rush to buy it again."],
  2: ['I am returning it.', 'I expected better from this brand.'],
  1: ['Save your money.', 'Returned it for a refund.'],
};

function groupOf(product: Product): Group {
  const type = product.types[0] ?? '';
  return (type in GARMENT ? type : 'tops') as Group;
}

function composeText(random: Random, product: Product, rating: 1 | 2 | 3 | 4 | 5): string {
  const group = groupOf(product);
  const garment = GARMENT[group];
  const size = product.sizes.length > 0 ? pick(random, product.sizes).size : 'M';
  const isGood = rating >= 4;
  const sentences: string[] = [pick(random, OPENERS[rating])];
  if (rating === 3) {
    sentences.push(pick(random, garment.good), `On the other hand, ${lowerFirst(pick(random, garment.bad))}`);
  } else {
    sentences.push(pick(random, isGood ? garment.good : garment.bad));
  }
  const fabric = product.tags.find((tag) => tag in FABRIC);
  if (fabric && chance(random, 0.45)) sentences.push(FABRIC[fabric]?.[isGood ? 'good' : 'bad'] ?? '');
  if (product.category === 'kids' && chance(random, 0.7)) sentences.push(pick(random, isGood ? KIDS_GOOD : KIDS_BAD));
  const fitGood = product.category === 'kids' ? KIDS_FIT_GOOD : FIT_GOOD;
  if (chance(random, 0.6)) sentences.push(pick(random, rating >= 3 && chance(random, 0.8) ? fitGood : FIT_BAD));
  if (chance(random, 0.3)) sentences.push(pick(random, isGood ? CARE_GOOD : CARE_BAD));
  if (chance(random, 0.7)) sentences.push(pick(random, CLOSERS[rating]));
  const child = pick(random, CHILDREN);
  return sentences
    .filter((s) => s.length > 0)
    .join(' ')
    .replaceAll('{noun}', nounOf(product, group))
    .replaceAll('{size}', size)
    .replaceAll('{child}', child);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** `count` star ratings whose mean is as close to `target` as whole stars allow, with a natural spread. */
export function ratingsNear(random: Random, target: number, count: number): number[] {
  const ratings = Array.from({ length: count }, () =>
    Math.min(5, Math.max(1, Math.round(target + (random() - 0.5) * 2.8))),
  );
  const wanted = Math.round(target * count);
  let sum = ratings.reduce((a, b) => a + b, 0);
  // Nudge random reviews a star at a time until the sum (so the mean) is where it should be.
  for (let guard = 0; sum !== wanted && guard < count * 10; guard += 1) {
    const i = Math.floor(random() * count);
    const rating = ratings[i] ?? 3;
    if (sum < wanted && rating < 5) {
      ratings[i] = rating + 1;
      sum += 1;
    } else if (sum > wanted && rating > 1) {
      ratings[i] = rating - 1;
      sum -= 1;
    }
  }
  return ratings;
}

/**
 * Demo reviews for all but the newest few products: more for products that have been on sale
 * longer, dated between the day after publication and a month after the newest product.
 */
export function buildDemoReviews(products: readonly Product[]): DemoReview[] {
  const byNewest = [...products].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  const newest = byNewest[0];
  if (!newest) return [];
  const until = Date.parse(newest.publishedAt) + 30 * DAY_MS;
  const reviewed = byNewest.slice(UNREVIEWED_NEWEST);
  const out: DemoReview[] = [];
  for (const product of reviewed) {
    const random = seededRandom(hashOf(product.slug));
    const from = Date.parse(product.publishedAt) + DAY_MS;
    const span = Math.max(DAY_MS, until - from);
    const count = Math.min(MAX_REVIEWS, MIN_REVIEWS + Math.floor(span / (18 * DAY_MS)) + Math.floor(random() * 6));
    const ratings = ratingsNear(random, product.rating, count);
    const names = new Set<string>();
    while (names.size < count) {
      names.add(`${pick(random, FIRST_NAMES)} ${LAST_INITIALS.charAt(Math.floor(random() * LAST_INITIALS.length))}.`);
    }
    [...names].forEach((authorName, i) => {
      const rating = (ratings[i] ?? 4) as 1 | 2 | 3 | 4 | 5;
      out.push({
        slug: product.slug,
        authorName,
        rating,
        content: composeText(random, product, rating),
        verifiedPurchase: chance(random, VERIFIED_SHARE),
        // Whole minutes: no two demo reviews of a product share a timestamp by accident of rounding.
        createdAt: new Date(from + Math.floor(random() * (span / 60_000)) * 60_000),
      });
    });
  }
  return out;
}
