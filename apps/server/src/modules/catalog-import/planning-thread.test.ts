import { CATALOG_IMPORT_MESSAGES as M } from '@shopper/contract';
import { describe, expect, it } from 'vitest';
import { planInThread } from './planning-thread.ts';

const file = (...rows: string[]) =>
  new TextEncoder().encode(
    [
      'Handle,Title,Vendor,Option1 Name,Option1 Value,Variant Price,Category (product.metafields.shopper.category)',
      ...rows,
    ].join('\n'),
  );
const input = (bytes: Uint8Array) => ({ bytes, maxMegabytes: 20, defaultCategory: undefined });

describe('the planning thread', () => {
  it('plans a file, asking the request thread once for the shop’s products of its handles', async () => {
    const asked: string[][] = [];
    const planned = await planInThread(
      input(file('shirt,Shirt,Acme,Size,M,40.00,men', ',No Handle,Acme,Size,M,1,men')),
      async (handles) => {
        asked.push(handles);
        return new Map();
      },
    );
    expect(asked).toEqual([['shirt']]);
    expect(planned.ok && planned.lines.map((line) => line.action)).toEqual(['create', 'refuse']);
    expect(planned.ok && planned.names).toEqual(['Shirt', 'No Handle']);
  });

  it('answers a file refused as a whole with its refusal, asking nothing', async () => {
    const planned = await planInThread(input(new TextEncoder().encode('Handle\nshirt\n')), () => {
      throw new Error('not asked');
    });
    expect(planned).toMatchObject({
      ok: false,
      refusal: { message: M.missingColumns(['Title', 'Vendor', 'Variant Price']) },
    });
  });

  it('fails the plan with the lookup’s own error, and plans the next file', async () => {
    const broken = planInThread(input(file('shirt,Shirt,Acme,Size,M,40.00,men')), () =>
      Promise.reject(new Error('the database is away')),
    );
    await expect(broken).rejects.toThrow('the database is away');
    const next = await planInThread(input(file('skirt,Skirt,Acme,Size,M,40.00,women')), async () => new Map());
    expect(next.ok && next.lines[0]?.action).toBe('create');
  });
});
