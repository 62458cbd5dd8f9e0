import {
  countryName,
  SHIPPING_MESSAGES as M,
  type ShippingMethodBodySchema,
  type ShippingZone,
  type ShippingOffer,
  type ShippingZoneBodySchema,
  toCents,
  toDollars,
} from '@shopper/contract';
import { asc, eq, inArray, ne, and } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { shippingMethods, shippingZonePlaces, shippingZones } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { AuditRecorder } from '../audit/index.ts';
import type { CatalogChanges } from '../catalog/index.ts';
import {
  codeFor,
  methodOptions,
  type MethodOption,
  shippingOffer,
  shipsTo,
  type Zone,
  zoneFor,
} from './shipping-rules.ts';

type ZoneInput = z.output<typeof ShippingZoneBodySchema>;
type MethodInput = z.output<typeof ShippingMethodBodySchema>;

export type ShippingService = ReturnType<typeof createShippingService>;

/** Where the destination is, and the method asked for (the first offered when it is not). */
export type Destination = { country: string; state: string; method?: string | undefined };

export type ShippingQuote = {
  options: MethodOption[];
  /** undefined: the shop does not ship to this address. */
  chosen: MethodOption | undefined;
  shipsTo: string[];
};

const zoneNotFound = () => new AppError('NOT_FOUND', M.zoneNotFound);
const methodNotFound = () => new AppError('NOT_FOUND', M.methodNotFound);

const toWireZone = (zone: Zone): ShippingZone => ({
  id: zone.id,
  name: zone.name,
  isRestOfWorld: zone.isRestOfWorld,
  places: zone.places.map((p) => ({
    country: p.country as ShippingZone['places'][number]['country'],
    states: [...p.states],
  })),
  methods: zone.methods.map((m) => ({
    id: m.id,
    code: m.code,
    name: m.name,
    price: toDollars(m.priceCents),
    freeFrom: m.freeFromCents === null ? null : toDollars(m.freeFromCents),
    estimate: m.estimate,
  })),
});

/** Shipping zones and their methods: what checkout may charge, and the owner's screen to set it. */
export function createShippingService({
  db,
  audit,
  clock,
  catalogChanges,
}: {
  db: Database;
  audit: AuditRecorder;
  clock: () => Date;
  catalogChanges: Pick<CatalogChanges, 'changedHere'>;
}) {
  async function zones(executor: Database = db): Promise<Zone[]> {
    const [zoneRows, placeRows, methodRows] = await Promise.all([
      executor.select().from(shippingZones).orderBy(asc(shippingZones.isRestOfWorld), asc(shippingZones.createdAt)),
      executor.select().from(shippingZonePlaces).orderBy(asc(shippingZonePlaces.country)),
      executor.select().from(shippingMethods).orderBy(asc(shippingMethods.priceCents), asc(shippingMethods.createdAt)),
    ]);
    return zoneRows.map((zone) => ({
      id: zone.id,
      name: zone.name,
      isRestOfWorld: zone.isRestOfWorld,
      places: placeRows.filter((p) => p.zoneId === zone.id).map((p) => ({ country: p.country, states: p.states })),
      methods: methodRows
        .filter((m) => m.zoneId === zone.id)
        .map((m) => ({
          id: m.id,
          code: m.code,
          name: m.name,
          priceCents: m.priceCents,
          freeFromCents: m.freeFromCents,
          estimate: m.estimate,
        })),
    }));
  }

  /** The methods at an address for goods worth `goodsCents`, and the one the customer chose. */
  async function quote(destination: Destination, goodsCents: number): Promise<ShippingQuote> {
    const all = await zones();
    const options = methodOptions(zoneFor(all, destination.country, destination.state), goodsCents);
    const chosen = destination.method ? options.find((option) => option.code === destination.method) : options[0];
    return { options, chosen, shipsTo: shipsTo(all) };
  }

  /** Refuses a country another zone already has, naming the field and that zone. */
  async function checkPlaces(tx: Database, input: ZoneInput, zoneId: string | null): Promise<void> {
    const countries = input.places.map((p) => p.country);
    if (countries.length > 0) {
      const taken = await tx
        .select({ country: shippingZonePlaces.country, zone: shippingZones.name })
        .from(shippingZonePlaces)
        .innerJoin(shippingZones, eq(shippingZones.id, shippingZonePlaces.zoneId))
        .where(
          zoneId
            ? and(inArray(shippingZonePlaces.country, countries), ne(shippingZonePlaces.zoneId, zoneId))
            : inArray(shippingZonePlaces.country, countries),
        );
      const first = taken[0];
      if (first) {
        const message = M.countryTaken(countryName(first.country) ?? first.country, first.zone);
        throw new AppError('CONFLICT', message, [
          { param: `places.${input.places.findIndex((p) => p.country === first.country)}.country`, msg: message },
        ]);
      }
    }
    if (input.isRestOfWorld) {
      const [other] = await tx
        .select({ id: shippingZones.id })
        .from(shippingZones)
        .where(
          zoneId
            ? and(eq(shippingZones.isRestOfWorld, true), ne(shippingZones.id, zoneId))
            : eq(shippingZones.isRestOfWorld, true),
        );
      if (other)
        throw new AppError('CONFLICT', M.restOfWorldTaken, [{ param: 'isRestOfWorld', msg: M.restOfWorldTaken }]);
    }
  }

  /** Two owners saving at once: the database's unique indexes have the last word, with the same messages. */
  function asConflict(error: unknown): never {
    if (isUniqueViolation(error, 'shipping_zone_places_country_unique')) {
      throw new AppError('CONFLICT', M.countryTaken('This country', 'another zone'));
    }
    if (isUniqueViolation(error, 'shipping_zones_rest_of_world_unique'))
      throw new AppError('CONFLICT', M.restOfWorldTaken);
    throw error;
  }

  /**
   * Every page shows the top band's shipping promise, and rendered pages are cached with the
   * catalog's: this instance drops them now, the others on the tables' notification.
   */
  async function changed(): Promise<ShippingZone[]> {
    catalogChanges.changedHere();
    return (await zones()).map(toWireZone);
  }

  async function zoneById(tx: Database, id: string): Promise<Zone> {
    const zone = (await zones(tx)).find((z) => z.id === id);
    if (!zone) throw zoneNotFound();
    return zone;
  }

  async function saveZone(actorId: string, id: string | null, input: ZoneInput): Promise<ShippingZone[]> {
    try {
      await db.transaction(async (tx) => {
        const before = id ? await zoneById(tx, id) : null;
        await checkPlaces(tx, input, id);
        const values = { name: input.name, isRestOfWorld: input.isRestOfWorld, updatedAt: clock() };
        const [row] = id
          ? await tx.update(shippingZones).set(values).where(eq(shippingZones.id, id)).returning()
          : await tx
              .insert(shippingZones)
              .values({ ...values, createdAt: clock() })
              .returning();
        if (!row) throw zoneNotFound();
        await tx.delete(shippingZonePlaces).where(eq(shippingZonePlaces.zoneId, row.id));
        if (input.places.length > 0) {
          await tx
            .insert(shippingZonePlaces)
            .values(input.places.map((p) => ({ zoneId: row.id, country: p.country, states: [...new Set(p.states)] })));
        }
        await audit.record(tx, {
          actorId,
          action: id ? 'shipping.zone-update' : 'shipping.zone-create',
          entity: 'shipping-zone',
          entityId: row.id,
          before: before && { name: before.name, isRestOfWorld: before.isRestOfWorld, places: before.places },
          after: input,
        });
      });
    } catch (error) {
      asConflict(error);
    }
    return changed();
  }

  async function deleteZone(actorId: string, id: string): Promise<ShippingZone[]> {
    await db.transaction(async (tx) => {
      const before = await zoneById(tx, id);
      await tx.delete(shippingZones).where(eq(shippingZones.id, id));
      await audit.record(tx, {
        actorId,
        action: 'shipping.zone-delete',
        entity: 'shipping-zone',
        entityId: id,
        before: toWireZone(before),
      });
    });
    return changed();
  }

  const nameTaken = (name: string) =>
    new AppError('CONFLICT', M.methodNameTaken(name), [{ param: 'name', msg: M.methodNameTaken(name) }]);

  async function saveMethod(
    actorId: string,
    target: { zoneId: string } | { methodId: string },
    input: MethodInput,
  ): Promise<ShippingZone[]> {
    try {
      await db.transaction(async (tx) => {
        const values = {
          name: input.name,
          priceCents: toCents(input.price),
          freeFromCents: input.freeFrom === null ? null : toCents(input.freeFrom),
          estimate: input.estimate,
          updatedAt: clock(),
        };
        if ('zoneId' in target) {
          const zone = await zoneById(tx, target.zoneId);
          const [row] = await tx
            .insert(shippingMethods)
            .values({
              ...values,
              zoneId: zone.id,
              code: codeFor(
                input.name,
                zone.methods.map((m) => m.code),
              ),
              createdAt: clock(),
            })
            .returning();
          await audit.record(tx, {
            actorId,
            action: 'shipping.method-create',
            entity: 'shipping-method',
            entityId: row?.id ?? '',
            after: input,
          });
          return;
        }
        const [before] = await tx
          .select()
          .from(shippingMethods)
          .where(eq(shippingMethods.id, target.methodId))
          .for('update');
        if (!before) throw methodNotFound();
        await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, before.id));
        await audit.record(tx, {
          actorId,
          action: 'shipping.method-update',
          entity: 'shipping-method',
          entityId: before.id,
          before: {
            name: before.name,
            price: toDollars(before.priceCents),
            freeFrom: before.freeFromCents === null ? null : toDollars(before.freeFromCents),
            estimate: before.estimate,
          },
          after: input,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'shipping_methods_zone_name_unique')) throw nameTaken(input.name);
      if (isUniqueViolation(error, 'shipping_methods_zone_code_unique')) throw nameTaken(input.name);
      throw error;
    }
    return changed();
  }

  async function deleteMethod(actorId: string, id: string): Promise<ShippingZone[]> {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
      if (!before) throw methodNotFound();
      await audit.record(tx, {
        actorId,
        action: 'shipping.method-delete',
        entity: 'shipping-method',
        entityId: id,
        before: { name: before.name, code: before.code },
      });
    });
    return changed();
  }

  /** The top band's promise, in dollars. */
  async function offer(): Promise<ShippingOffer> {
    const found = shippingOffer(await zones());
    return 'amountCents' in found ? { kind: found.kind, amount: toDollars(found.amountCents) } : found;
  }

  return {
    quote,
    offer,
    list: async () => (await zones()).map(toWireZone),
    createZone: (actorId: string, input: ZoneInput) => saveZone(actorId, null, input),
    updateZone: (actorId: string, id: string, input: ZoneInput) => saveZone(actorId, id, input),
    deleteZone,
    createMethod: (actorId: string, zoneId: string, input: MethodInput) => saveMethod(actorId, { zoneId }, input),
    updateMethod: (actorId: string, methodId: string, input: MethodInput) => saveMethod(actorId, { methodId }, input),
    deleteMethod,
  };
}
