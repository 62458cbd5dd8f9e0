/**
 * The Shopify product CSV of decision 043 ("Import pipeline", "Export format"): its columns, its
 * limits and every text a person reads about an import, shared by the server's report and the back
 * office's import screen.
 */

/** More data rows than this is refused before anything is planned. */
export const MAX_IMPORT_ROWS = 20_000;
/** Shopify's export has about 50 columns; a header wider than this is not a product file. */
export const MAX_IMPORT_COLUMNS = 200;

/** The export's columns, in order; the import reads the same names (and Option3, ignored beyond Size and Colour). */
export const CATALOG_CSV_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Inventory Qty',
  'Image Src',
  'Image Position',
  'Variant Image',
  'Status',
  'Short Description (product.metafields.shopper.short_description)',
  'Category (product.metafields.shopper.category)',
  'Colour Swatch (product.metafields.shopper.colour_swatch)',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** Without these the file cannot describe a product; every Shopify export has them. */
export const CATALOG_CSV_REQUIRED_COLUMNS = ['Handle', 'Title', 'Vendor', 'Variant Price'] as const;

/** The one size of a product without a size option (Shopify's `Title` / `Default Title`). */
export const IMPORT_ONE_SIZE = 'One size';
/** The swatch of a colour whose name is no common colour and whose file gives none (decision 043). */
export const IMPORT_NEUTRAL_SWATCH = '#9ca3af';

const count = (value: number) => value.toLocaleString('en-US');

export const CATALOG_IMPORT_MESSAGES = {
  // The file as a whole: nothing is planned when one of these is the answer.
  fileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB; split it into smaller files`,
  fileEmpty: 'The file is empty: export the products from Shopify as CSV and upload that file',
  notUtf8: (line: number) =>
    `Line ${line} is not UTF-8 text; save the file as CSV UTF-8 (or export it from Shopify again) and upload it again`,
  tooManyColumns: (max: number) => `The header has more than ${count(max)} columns; this is not a product CSV`,
  tooManyRows: (max: number) =>
    `The file has more than ${count(max)} rows; split it into files of at most ${count(max)}`,
  missingColumns: (names: readonly string[]) =>
    `The header has no ${names.join(', ')} column${names.length === 1 ? '' : 's'}; export the file from Shopify again`,
  duplicateColumn: (name: string) => `The header names the column ${name} twice`,
  emptyColumnName: (position: number) => `Column ${position} of the header has no name`,
  quoteNotClosed: (line: number) => `A quote opened in the row starting on line ${line} is never closed`,
  quoteInCell: (line: number) =>
    `The row starting on line ${line} has a quote inside a cell; inside a quoted cell a quote is written twice ("")`,
  wrongCellCount: (line: number, expected: number, found: number) =>
    `The row starting on line ${line} has ${found} cells where the header has ${expected}`,
  rowTooLong: (line: number) => `The row starting on line ${line} is too long`,
  rowUnreadable: (line: number) => `The row starting on line ${line} cannot be read as CSV`,
  nulCharacter: (line: number, column: string) =>
    `The row starting on line ${line} has a NUL character (byte 0) in the column ${column}; no product text may hold one, so remove it and upload the file again`,

  // One product refused: each reason names its line and column beside the text.
  formulaCell:
    "This cell starts with =, +, -, @, a tab or a carriage return and is not a number, so a spreadsheet would run it as a formula; put an apostrophe (') before it to keep it as text",
  handleMissing: 'Every row needs a Handle',
  handleInvalid:
    'A Handle may contain only lower-case letters, digits and single hyphens, at most 120 characters: it becomes the product’s web address',
  unknownOption: (name: string) =>
    `The option ${name} is not supported: options may only be Size and Colour (or Color)`,
  titleOptionValue: (name: string) =>
    `With the option ${name}, a product has one variant, Default Title; for several variants name the options Size and Colour (or Color)`,
  colourLimitWithShop: (inShop: number, added: number, max: number) =>
    `The product already has ${inShop} colours in the shop and the file adds ${added} more: a product may have at most ${max} colours`,
  sizeLimitWithShop: (inShop: number, added: number, max: number) =>
    `The product already has ${inShop} sizes in the shop and the file adds ${added} more: a product may have at most ${max} sizes`,
  optionRepeated: (name: string) => `The option ${name} is given twice`,
  optionValueMissing: (name: string) => `This variant has no value for ${name}`,
  variantRepeated: (colour: string, size: string, line: number) =>
    `The variant ${colour} / ${size} is already on line ${line}`,
  pricesDiffer: (firstLine: number) =>
    `Every variant must have the prices of the first one (line ${firstLine}): prices are per product in this shop`,
  priceMissing: 'Every variant needs a Variant Price',
  skuInvalid: (max: number) => `A SKU may be at most ${max} characters`,
  swatchDiffers: (colour: string, line: number) => `The colour ${colour} was given another swatch on line ${line}`,
  tooManySizes: (max: number) => `A product may have at most ${max} sizes`,
  tooManyImages: (colour: string, max: number) => `The colour ${colour} may have at most ${max} images`,
  statusInvalid: 'Status must be active, draft or archived',
  publishedInvalid: 'Published must be TRUE or FALSE',
  imagePositionInvalid: 'Image Position must be a whole number from 1',
  imageAddressInvalid: 'An image must be an http:// or https:// address of at most 500 characters',
  categoryMissing:
    'The product has no category: fill in the Category column or choose a default category for the import',

  // The upload and the job.
  fileMissing: 'Choose a CSV file to import',
  importNotFound: 'No import with this id',
  importNotPlanned: 'This import has already been applied; check the file again to import it once more',
  importAnotherApplying: 'Another import is being applied; wait until it is done',
  importStopped: (message: string) => `The import stopped: ${message}`,
  productNotWritten: 'The product could not be written; nothing of it was changed',

  // Why a picture of the file was not fetched (an applied line's `imagesSkipped`).
  imageHostNotAllowed: 'host not allowed; the owner can add it to the import hosts in Settings',
  imageRedirectNotAllowed: 'redirected to a host not allowed',
  imageAddressPrivate:
    'the host is on this machine or a private network, which the import never fetches from (see CATALOG_IMPORT_PRIVATE_NETWORKS)',
  imageTooManyRedirects: 'redirected too many times',
  imageAnswered: (status: number) => `the server answered ${status}`,
  imageTooLarge: (megabytes: number) => `larger than ${megabytes} MB`,
  imageTimedOut: (seconds: number) => `no complete answer within ${seconds} seconds`,
  imageUnreachable: 'the server could not be reached',

  /** A reason as one line of text, for logs and plain reports. */
  atLine: (line: number, column: string, message: string) => `Line ${line}, ${column}: ${message}`,

  // What an update changes, as the report lists it (CatalogImportLineSchema's `changes`).
  changeName: 'name',
  changeDescription: 'description',
  changeShortDescription: 'short description',
  changeBrand: 'brand',
  changeCategory: 'category',
  changeTypes: 'types',
  changeTags: 'tags',
  changeStatus: 'status',
  changePrice: 'price',
  changeSalePrice: 'sale price',
  changeNewColour: (colour: string) => `colour ${colour}`,
  changeColourName: (colour: string) => `colour name ${colour}`,
  changeSwatch: (colour: string) => `swatch ${colour}`,
  changePhotos: (colour: string) => `photos ${colour}`,
  changeNewSize: (size: string) => `size ${size}`,
  changeSku: (colour: string, size: string) => `SKU ${colour} / ${size}`,
  changeStock: (colour: string, size: string) => `stock ${colour} / ${size}`,
} as const;
