/** User-facing texts of docs/product.md#validation and docs/product.md#errors, word for word. Both sides import them so they never drift. */

export const MESSAGES = {
  unexpected: 'An unexpected error occurred',
  unavailable: 'The shop is briefly unavailable. Please try again in a moment.',
  timeout: 'Request timed out. Please check your internet connection and try again.',
  network: 'Unable to connect to the server. Please check your internet connection.',
  validationFailed: 'Please correct the errors in the form.',
  nulCharacter: 'Text cannot contain a NUL character (U+0000).',
  loneSurrogate: 'Text cannot contain an unpaired surrogate (U+D800 to U+DFFF); it is not valid Unicode.',

  loadProductsFailed: 'Failed to load products. Please try again later.',
  loadPopularFailed: 'Failed to load popular products',
  loadNewArrivalsFailed: 'Failed to load new arrivals',
  invalidDataFormat: 'Invalid data format from server',
  errorLoadingProducts: 'Error Loading Products',
  noProductsMatchFilters: 'No products match your current filters.',
  noProductsInCategory: 'No products available in this category.',
  productNotFound: 'Product Not Found',
  productLoadingError: 'Product Loading Error',
  productLoadingErrorDetail: (id: string) => `We had trouble loading details for ${id}.`,
  noProductIdentifier: 'No product identifier provided',
  pageNotFound: "The page you are looking for doesn't exist or has been moved.",

  loginToAddToCart: 'Please login to add items to cart',
  selectSizeBeforeAdding: 'Please select a size before adding to cart',
  selectSizeForProduct: 'Please select a size for this product',
  selectSizeInline: 'Please select a size',
  addToCartFailed: 'Failed to add item to cart. Please try again.',

  categoryNotFound: (category: string) => `Category '${category}' does not exist.`,
  productIdNotFound: (id: string) => `No product with id '${id}'.`,
  productSlugNotFound: (slug: string) => `No product with slug '${slug}'.`,
  apiRouteNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  priceRangeInverted: 'The minimum price cannot be above the maximum price.',
  colourFilterInvalid:
    'Colours may be black, white, grey, beige, brown, red, pink, orange, yellow, green, blue or purple.',
  priceFilterInvalid: 'Prices must be numbers of 0 or more.',
  unknownQueryParameter: (name: string, allowed: readonly string[]) =>
    `Unknown parameter '${name}'. This address takes: ${allowed.join(', ')}.`,

  // Web texts named by docs/product.md#pages, docs/product.md#validation and docs/product.md#errors.
  errorLoadingSection: (detail: string) => `Error loading products: ${detail}`,
  loginAgainToAddToCart: 'Please login again to add items to cart',
  noReviewsYet: 'No reviews yet. Be the first to review this product!',
  somethingWentWrong: 'Oops! Something went wrong',
  categoryCollectionTitle: (category: string) => `${category} Collection`,
  categoryCollectionSubtitle: (category: string) =>
    `Explore our latest ${category} collection with the finest quality and trends.`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
} as const;
