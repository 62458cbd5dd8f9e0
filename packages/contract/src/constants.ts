/** Business constants of docs/product.md#constants, shared by the web and the server. */

export const CATEGORIES = ['men', 'women', 'kids'] as const;
export type Category = (typeof CATEGORIES)[number];

export const PRODUCT_SORTS = ['price-asc', 'price-desc', 'date-newest', 'date-oldest', 'discount', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCT_PAGE_SIZES = [12, 24, 36, 48] as const;
export const DEFAULT_PRODUCT_PAGE_SIZE = 12;
/** Largest page a listing endpoint answers; larger requests are refused, not truncated. */
export const MAX_PRODUCT_PAGE_SIZE = 100;

export const DEFAULT_PRICE_MIN = 0;
export const DEFAULT_PRICE_MAX = 1000;

/**
 * Colours (decision 043). A product has one or more; the first visible one by position is its default,
 * and a product made before colours existed has one, named DEFAULT_COLOUR_NAME.
 */
export const DEFAULT_COLOUR_NAME = 'Standard';
export const MAX_PRODUCT_COLOURS = 12;
/** The closed list a listing filters by; the database derives a colour's family from its swatch. */
export const COLOUR_FAMILIES = [
  'black',
  'white',
  'grey',
  'beige',
  'brown',
  'red',
  'pink',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
] as const;
export type ColourFamily = (typeof COLOUR_FAMILIES)[number];
/** A swatch is a six-digit lower-case hex colour. */
export const SWATCH_PATTERN = /^#[0-9a-f]{6}$/;

export const ADULT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export const KIDS_SIZES = ['2-3Y', '4-5Y', '6-7Y', '8-9Y', '10-11Y', '12-13Y'] as const;

export const FEATURED_WOMEN_COUNT = 4;
export const NEW_COLLECTION_COUNT = 8;
export const RELATED_PRODUCTS_COUNT = 4;

export const REQUEST_TIMEOUT_MS = 15_000;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export const TOAST_DURATION_MS = {
  error: 5_000,
  success: 3_000,
  warning: 4_000,
  info: 3_000,
} as const;
export const TOAST_EXIT_MS = 300;
export const LOADING_INDICATOR_DELAY_MS = 300;
export const ADD_TO_CART_LOCK_MS = 500;

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
export const SITE_NAME = 'SHOPPER';
export const SITE_TITLE_SUFFIX = ' | SHOPPER';
/**
 * Titles of the storefront's public pages, before SITE_TITLE_SUFFIX: the browser sets them and the
 * server-rendered head carries them, so both must read the same words.
 */
export const PAGE_TITLES = {
  home: 'Fashion for Men, Women & Kids',
  shop: 'Special Offers & Deals',
  notFound: 'Page Not Found',
} as const;
export const COPYRIGHT_YEAR = 2025;

/** Sessions (docs/product.md#session; docs/architecture.md#trust-boundaries). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_HOURS = 1;
export const AUTH_TOKEN_STORAGE_KEY = 'shopper.authToken';
export const LOGGED_OUT_STORAGE_KEY = 'shopper.loggedOut';
export const USER_CACHE_MS = 1_800_000;
export const PROFILE_REFETCH_THROTTLE_MS = 5_000;
export const ROUTE_REFRESH_THRESHOLD_MS = 30_000;
export const LOGOUT_TRANSITION_MS = 800;
export const LOGIN_DELAY_MS = 300;
export const FIELD_VALIDATION_DEBOUNCE_MS = 300;
export const RESET_REDIRECT_MS = 1_500;
