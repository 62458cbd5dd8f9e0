/** The 24 countries of docs/product.md#entities, stored as codes. */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'CA', name: 'Canada' },
  { code: 'MX', name: 'Mexico' },
  { code: 'AR', name: 'Argentina' },
  { code: 'BR', name: 'Brazil' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'IT', name: 'Italy' },
  { code: 'ES', name: 'Spain' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BE', name: 'Belgium' },
  { code: 'PT', name: 'Portugal' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'AT', name: 'Austria' },
  { code: 'SE', name: 'Sweden' },
  { code: 'NO', name: 'Norway' },
  { code: 'DK', name: 'Denmark' },
  { code: 'FI', name: 'Finland' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'JP', name: 'Japan' },
  { code: 'CN', name: 'China' },
  { code: 'IN', name: 'India' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as unknown as readonly [CountryCode, ...CountryCode[]];
export const DEFAULT_COUNTRY: CountryCode = 'US';

/** A code or a country name, in any case, to its code (docs/product.md#entities); undefined when not one of the 24. */
export function toCountryCode(value: string): CountryCode | undefined {
  const wanted = value.trim().toLowerCase();
  if (wanted === '') return undefined;
  return COUNTRIES.find((c) => c.code.toLowerCase() === wanted || c.name.toLowerCase() === wanted)?.code;
}

export function countryName(code: string): string | undefined {
  return COUNTRIES.find((c) => c.code === code)?.name;
}
