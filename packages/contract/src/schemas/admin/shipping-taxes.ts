// Back-office Shipping and Taxes (docs/shipping-and-taxes.md): owner only, every change audited.
import { z } from 'zod';
import { COUNTRY_CODES } from '../../countries.ts';
import { SHIPPING_MESSAGES as SM, TAX_MESSAGES as TM } from '../../shipping-tax-messages.ts';
import { dollarsSchema } from '../money.ts';
import { ShopLegalSchema } from '../addresses.ts';

const hasNoNul = (value: string) => !value.includes('\u0000');
const name = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(60, message).refine(hasNoNul, message);
const placeName = (message: string) =>
  z.string({ error: message }).trim().min(2, message).max(60, message).refine(hasNoNul, message);

/** A country of a zone, optionally narrowed to some of its states or provinces (names as customers type them). */
export const ZonePlaceSchema = z.object({
  country: z.enum(COUNTRY_CODES, { error: 'Please select a valid country' }),
  states: z.array(placeName(SM.statesInvalid)).max(80, SM.statesInvalid).default([]),
});

export const ShippingZoneBodySchema = z
  .object({
    name: name(SM.zoneNameRequired),
    isRestOfWorld: z.boolean().default(false),
    places: z.array(ZonePlaceSchema).max(COUNTRY_CODES.length, SM.countryTwice('A country')).default([]),
  })
  .superRefine((zone, ctx) => {
    if (!zone.isRestOfWorld && zone.places.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['places'], message: SM.placesRequired });
    }
    const seen = new Set<string>();
    zone.places.forEach((place, index) => {
      if (seen.has(place.country)) {
        ctx.addIssue({ code: 'custom', path: ['places', index, 'country'], message: SM.countryTwice(place.country) });
      }
      seen.add(place.country);
    });
  });
export type ShippingZoneBody = z.input<typeof ShippingZoneBodySchema>;

export const ShippingMethodBodySchema = z.object({
  name: name(SM.methodNameRequired),
  price: dollarsSchema(SM.methodPriceInvalid, { min: 0, max: 10_000 }),
  freeFrom: dollarsSchema(SM.freeFromInvalid, { min: 0.01, max: 1_000_000 }).nullable().default(null),
  estimate: z.string().trim().max(60, SM.estimateInvalid).refine(hasNoNul, SM.estimateInvalid).default(''),
});
export type ShippingMethodBody = z.input<typeof ShippingMethodBodySchema>;

export const ShippingMethodSchema = z.object({
  id: z.string(),
  /** What checkout sends as `shippingMethod`: unique in its zone, fixed when the method is made. */
  code: z.string(),
  name: z.string(),
  price: z.number(),
  freeFrom: z.number().nullable(),
  estimate: z.string(),
});
export type ShippingMethod = z.infer<typeof ShippingMethodSchema>;

export const ShippingZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  isRestOfWorld: z.boolean(),
  places: z.array(z.object({ country: z.enum(COUNTRY_CODES), states: z.array(z.string()) })),
  methods: z.array(ShippingMethodSchema),
});
export type ShippingZone = z.infer<typeof ShippingZoneSchema>;

export const ShippingZonesAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  zones: z.array(ShippingZoneSchema),
});
export type ShippingZonesAnswer = z.infer<typeof ShippingZonesAnswerSchema>;

export const ShippingZoneParamsSchema = z.object({ id: z.uuid({ error: SM.zoneNotFound }) });
export const ShippingMethodParamsSchema = z.object({ id: z.uuid({ error: SM.methodNotFound }) });

/** A percentage with at most 3 decimals (7.25, 8.875), stored as thousandths of a percent. */
const percentSchema = (message: string) =>
  z
    .number({ error: message })
    .min(0, { error: message, abort: true })
    .max(100, { error: message, abort: true })
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, message);

export const TaxRateBodySchema = z.object({
  country: z.enum(COUNTRY_CODES, { error: 'Please select a valid country' }),
  /** '' is the whole country; a state's rate wins over its country's. */
  state: z
    .string()
    .trim()
    .max(60, TM.stateInvalid)
    .refine((v) => v === '' || v.length >= 2, TM.stateInvalid)
    .refine(hasNoNul, TM.stateInvalid)
    .default(''),
  rate: percentSchema(TM.rateInvalid),
  /** null: shipping is not taxed there. */
  shippingRate: percentSchema(TM.shippingRateInvalid).nullable().default(null),
});
export type TaxRateBody = z.input<typeof TaxRateBodySchema>;

export const TaxRateSchema = z.object({
  id: z.string(),
  country: z.enum(COUNTRY_CODES),
  state: z.string(),
  rate: z.number(),
  shippingRate: z.number().nullable(),
});
export type TaxRate = z.infer<typeof TaxRateSchema>;
export const TaxRateParamsSchema = z.object({ id: z.uuid({ error: TM.rateNotFound }) });

const legalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, TM.legalTextInvalid(field, max))
    .refine(hasNoNul, TM.legalTextInvalid(field, max))
    .default('');

export const TaxSettingsBodySchema = z.object({
  pricesIncludeTax: z.boolean({ error: 'Choose whether prices include tax.' }),
  legalName: legalText('The legal name', 120),
  legalAddress: legalText('The address', 300),
  taxNumber: legalText('The tax number', 40),
});
export type TaxSettingsBody = z.input<typeof TaxSettingsBodySchema>;

export const TaxSettingsSchema = ShopLegalSchema.extend({ pricesIncludeTax: z.boolean() });
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

export const TaxesAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  settings: TaxSettingsSchema,
  rates: z.array(TaxRateSchema),
  /** The rate charged everywhere while no rate is set (the server's TAX_RATE), in percent. */
  fallbackRate: z.number(),
});
export type TaxesAnswer = z.infer<typeof TaxesAnswerSchema>;
