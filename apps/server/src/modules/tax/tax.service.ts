import {
  countryName,
  TAX_MESSAGES as M,
  type TaxRate,
  type TaxRateBodySchema,
  type TaxesAnswer,
  type TaxSettings,
  type TaxSettingsBodySchema,
  toPercent,
  toRateMilli,
} from '@shopper/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { taxRates, taxSettings } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { AuditRecorder } from '../audit/index.ts';
import { rateMilliOf, ruleFor, type TaxRule } from './tax-rules.ts';

type RateInput = z.output<typeof TaxRateBodySchema>;
type SettingsInput = z.output<typeof TaxSettingsBodySchema>;

export type TaxService = ReturnType<typeof createTaxService>;

/** What checkout needs to tax an address: the place's rule and whether shelf prices include tax. */
export type TaxPricing = { rule: TaxRule; pricesIncludeTax: boolean };

const DEFAULT_SETTINGS: TaxSettings = { pricesIncludeTax: false, legalName: '', legalAddress: '', taxNumber: '' };

const toWireRate = (row: typeof taxRates.$inferSelect): TaxRate => ({
  id: row.id,
  country: row.country as TaxRate['country'],
  state: row.state,
  rate: toPercent(row.rateMilli),
  shippingRate: row.shippingRateMilli === null ? null : toPercent(row.shippingRateMilli),
});

/**
 * Tax rates per place and the shop's tax settings. `fallbackRate` (the TAX_RATE setting, a fraction)
 * is charged everywhere while the owner has set no rate (docs/shipping-and-taxes.md#defaults).
 */
export function createTaxService({
  db,
  audit,
  clock,
  fallbackRate,
}: {
  db: Database;
  audit: AuditRecorder;
  clock: () => Date;
  fallbackRate: number;
}) {
  const fallbackMilli = rateMilliOf(fallbackRate);

  async function settings(executor: Database = db): Promise<TaxSettings> {
    const [row] = await executor.select().from(taxSettings).where(eq(taxSettings.id, 1));
    return row
      ? {
          pricesIncludeTax: row.pricesIncludeTax,
          legalName: row.legalName,
          legalAddress: row.legalAddress,
          taxNumber: row.taxNumber,
        }
      : DEFAULT_SETTINGS;
  }

  const rateRows = (executor: Database = db) =>
    executor.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.state));

  async function pricingAt(country: string, state: string): Promise<TaxPricing> {
    const [rows, current] = await Promise.all([rateRows(), settings()]);
    return { rule: ruleFor(rows, fallbackMilli, country, state), pricesIncludeTax: current.pricesIncludeTax };
  }

  async function overview(message?: string): Promise<TaxesAnswer> {
    const [rows, current] = await Promise.all([rateRows(), settings()]);
    return {
      success: true,
      ...(message ? { message } : {}),
      settings: current,
      rates: rows.map(toWireRate),
      fallbackRate: toPercent(fallbackMilli),
    };
  }

  const placeOf = (input: RateInput) =>
    input.state
      ? `${input.state}, ${countryName(input.country) ?? input.country}`
      : (countryName(input.country) ?? input.country);
  const taken = (input: RateInput) =>
    new AppError('CONFLICT', M.rateTaken(placeOf(input)), [
      { param: input.state ? 'state' : 'country', msg: M.rateTaken(placeOf(input)) },
    ]);
  const notFound = () => new AppError('NOT_FOUND', M.rateNotFound);

  async function saveRate(actorId: string, id: string | null, input: RateInput): Promise<TaxesAnswer> {
    const values = {
      country: input.country,
      state: input.state,
      rateMilli: toRateMilli(input.rate),
      shippingRateMilli: input.shippingRate === null ? null : toRateMilli(input.shippingRate),
      updatedAt: clock(),
    };
    try {
      await db.transaction(async (tx) => {
        const before = id ? (await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update'))[0] : undefined;
        if (id && !before) throw notFound();
        const [row] = before
          ? await tx.update(taxRates).set(values).where(eq(taxRates.id, before.id)).returning()
          : await tx
              .insert(taxRates)
              .values({ ...values, createdAt: clock() })
              .returning();
        await audit.record(tx, {
          actorId,
          action: id ? 'tax.rate-update' : 'tax.rate-create',
          entity: 'tax-rate',
          entityId: row?.id ?? '',
          before: before ? toWireRate(before) : null,
          after: input,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'tax_rates_place_unique')) throw taken(input);
      throw error;
    }
    return overview(M.rateSaved);
  }

  async function deleteRate(actorId: string, id: string): Promise<TaxesAnswer> {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(taxRates).where(eq(taxRates.id, id)).returning();
      if (!before) throw notFound();
      await audit.record(tx, {
        actorId,
        action: 'tax.rate-delete',
        entity: 'tax-rate',
        entityId: id,
        before: toWireRate(before),
      });
    });
    return overview(M.rateDeleted);
  }

  async function updateSettings(actorId: string, input: SettingsInput): Promise<TaxesAnswer> {
    await db.transaction(async (tx) => {
      await tx.select({ id: taxSettings.id }).from(taxSettings).where(eq(taxSettings.id, 1)).for('update');
      const before = await settings(tx);
      await tx
        .insert(taxSettings)
        .values({ id: 1, ...input, updatedAt: clock() })
        .onConflictDoUpdate({ target: taxSettings.id, set: { ...input, updatedAt: clock() } });
      await audit.record(tx, {
        actorId,
        action: 'tax.settings-update',
        entity: 'setting',
        entityId: 'tax',
        before,
        after: input,
      });
    });
    return overview(M.settingsSaved);
  }

  return {
    pricingAt,
    settings: () => settings(),
    legal: async () => {
      const { legalName, legalAddress, taxNumber } = await settings();
      return { legalName, legalAddress, taxNumber };
    },
    overview: () => overview(),
    createRate: (actorId: string, input: RateInput) => saveRate(actorId, null, input),
    updateRate: (actorId: string, id: string, input: RateInput) => saveRate(actorId, id, input),
    deleteRate,
    updateSettings,
  };
}
