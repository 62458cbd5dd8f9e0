import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_CATALOG_MESSAGES as M, type AdminProduct, type AdminProductColour } from '@shopper/contract';
import { adminColour, adminProduct } from '../../test/products.ts';
import { json, renderRoutes, stubApi } from '../../test/render.tsx';
import { EditProductPage } from './edit-product-page.tsx';

const PRODUCT = '00000000-0000-4000-8000-0000000000a1';
const NAVY = '00000000-0000-4000-8000-0000000000c1';
const SAGE = '00000000-0000-4000-8000-0000000000c2';
const base = `/api/admin/products/${PRODUCT}`;

const navy = adminColour({ id: NAVY, slug: 'navy', name: 'Navy', swatch: '#1f2a44', family: 'blue' });
const sage = adminColour({
  id: SAGE,
  slug: 'sage',
  name: 'Sage',
  swatch: '#87a96b',
  family: 'green',
  position: 1,
  sizes: [
    { size: 'S', stock: 1, sku: '' },
    { size: 'M', stock: 4, sku: '' },
  ],
});

/** A fake of the colour routes that keeps the product between calls, as the server would. */
function colourServer(start: AdminProduct) {
  let product = start;
  const answer = (colours: AdminProductColour[]) => {
    product = adminProduct({ ...product, colours: colours.map((colour, position) => ({ ...colour, position })) });
    return json(200, { success: true, product });
  };
  const bodyOf = (init: RequestInit | undefined) => JSON.parse(init?.body as string) as Record<string, unknown>;
  const calls = stubApi({
    [`GET ${base}`]: () => json(200, { success: true, product }),
    [`POST ${base}/colours`]: ({ init }) => {
      const body = bodyOf(init) as { name: string; swatch: string };
      if (product.colours.some((colour) => colour.name.toLowerCase() === body.name.toLowerCase())) {
        return json(409, { success: false, code: 'CONFLICT', message: M.colourNameTaken });
      }
      return answer([...product.colours, { ...sage, name: body.name, swatch: body.swatch, totalStock: 0 }]);
    },
    [`PATCH ${base}/colours/${SAGE}`]: ({ init }) =>
      answer(product.colours.map((colour) => (colour.id === SAGE ? { ...colour, ...bodyOf(init) } : colour))),
    [`PUT ${base}/colours/order`]: ({ init }) => {
      const ids = bodyOf(init).colourIds as string[];
      return answer(ids.map((id) => product.colours.find((colour) => colour.id === id)!));
    },
    [`DELETE ${base}/colours/${SAGE}`]: () =>
      json(409, { success: false, code: 'CONFLICT', message: M.colourHasOpenOrders }),
    [`DELETE ${base}/colours/${NAVY}`]: () => answer(product.colours.filter((colour) => colour.id !== NAVY)),
    [`POST ${base}/colours/${SAGE}/images`]: () =>
      answer(
        product.colours.map((colour) =>
          colour.id === SAGE
            ? {
                ...colour,
                images: [{ url: '/images/uploads/sage-1.webp', isMain: true, isUploaded: true }],
                mainImage: '/images/uploads/sage-1.webp',
              }
            : colour,
        ),
      ),
    [`PUT ${base}/colours/${SAGE}/images`]: ({ init }) =>
      answer(
        product.colours.map((colour) =>
          colour.id === SAGE
            ? { ...colour, images: [], mainImage: (bodyOf(init).mainImage as string | undefined) ?? null }
            : colour,
        ),
      ),
  });
  return calls;
}

function open() {
  renderRoutes([{ path: '/products/:id', element: <EditProductPage /> }], `/products/${PRODUCT}`);
  return screen.findByRole('list', { name: 'Colours' });
}

const writes = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url.pathname}`);

describe('product editor: colours', () => {
  it('adds a colour picked by eye or typed, with the contract’s words for a bad swatch', async () => {
    const user = userEvent.setup();
    const calls = colourServer(adminProduct({ colours: [navy] }));
    const list = await open();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Default')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a colour' });
    await user.type(within(form).getByLabelText('Colour name'), 'Sage');
    const swatch = within(form).getByLabelText('Swatch');
    await user.clear(swatch);
    await user.type(swatch, '#12');
    await user.click(within(form).getByRole('button', { name: 'Add colour' }));
    expect(await within(form).findByText(M.swatchInvalid)).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    // The picker and the text edit the same value.
    const picker = within(form).getByLabelText('Pick the new colour’s swatch');
    fireEvent.input(picker, { target: { value: '#87a96b' } });
    expect(swatch).toHaveProperty('value', '#87a96b');

    await user.click(within(form).getByRole('button', { name: 'Add colour' }));
    expect(await within(list).findByText('Sage')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Sage', swatch: '#87a96b' });
    expect(within(form).getByLabelText('Colour name')).toHaveProperty('value', '');

    // A name already used: the server's words on the form.
    await user.type(within(form).getByLabelText('Colour name'), 'navy');
    await user.click(within(form).getByRole('button', { name: 'Add colour' }));
    expect(await within(form).findByText(M.colourNameTaken)).toBeTruthy();
  });

  it('renames inline, reorders, hides and shows, each through its route', async () => {
    const user = userEvent.setup();
    const calls = colourServer(adminProduct({ colours: [navy, sage] }));
    const list = await open();
    const sageRow = () => within(list).getAllByRole('listitem')[1]!;
    expect(within(sageRow()).getByText('5 in stock')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Edit Sage' }));
    const edit = within(list).getByRole('form', { name: 'Edit Sage' });
    await user.clear(within(edit).getByLabelText('Colour name'));
    await user.type(within(edit).getByLabelText('Colour name'), 'Moss');
    await user.click(within(edit).getByRole('button', { name: 'Save colour' }));
    expect(await within(list).findByText('Moss')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Moss' });

    await user.click(within(list).getByRole('button', { name: 'Move Moss up' }));
    await within(list).findByRole('button', { name: 'Move Moss down' });
    expect(within(within(list).getAllByRole('listitem')[0]!).getByText('Moss')).toBeTruthy();
    expect(within(within(list).getAllByRole('listitem')[0]!).getByText('Default')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ colourIds: [SAGE, NAVY] });

    await user.click(within(list).getByRole('button', { name: 'Hide Moss' }));
    expect(await within(list).findByText('Hidden')).toBeTruthy();
    // Hidden, it is no longer the default: Navy, the first visible one, is.
    expect(within(within(list).getAllByRole('listitem')[1]!).getByText('Default')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Show Moss' }));
    await within(list).findByRole('button', { name: 'Hide Moss' });
    expect(within(list).queryByText('Hidden')).toBeNull();

    expect(writes(calls)).toEqual([
      `PATCH ${base}/colours/${SAGE}`,
      `PUT ${base}/colours/order`,
      `PATCH ${base}/colours/${SAGE}`,
      `PATCH ${base}/colours/${SAGE}`,
    ]);
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Moss' },
      { isHidden: true },
      { isHidden: false },
    ]);
  });

  it('asks before removing, shows the server’s refusal, and removes when allowed', async () => {
    const user = userEvent.setup();
    const calls = colourServer(adminProduct({ colours: [navy, sage] }));
    const list = await open();

    await user.click(within(list).getByRole('button', { name: 'Remove Sage' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove Sage?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove colour' }));
    expect(await within(dialog).findByText(M.colourHasOpenOrders)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(list).getByText('Sage')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Remove Navy' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove Navy?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove colour' }));
    await within(list).findByRole('button', { name: 'Remove Sage' });
    expect(within(list).queryByText('Navy')).toBeNull();
    expect(writes(calls)).toEqual([`DELETE ${base}/colours/${SAGE}`, `DELETE ${base}/colours/${NAVY}`]);
  });

  it('uploads and arranges photos per colour', async () => {
    const user = userEvent.setup();
    const calls = colourServer(adminProduct({ colours: [navy, sage] }));
    await open();
    expect(screen.getByRole('region', { name: 'Images of Navy (0 of 12)' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Photos of the colour'), SAGE);
    const gallery = screen.getByRole('region', { name: 'Images of Sage (0 of 12)' });

    const file = new File([new Uint8Array([1, 2, 3])], 'sage.jpg', { type: 'image/jpeg' });
    await user.upload(within(gallery).getByLabelText('Upload images of Sage'), file);
    const photo = await screen.findByRole('img', { name: 'Image 1 of Harbour Jacket in Sage' });
    expect(photo.getAttribute('src')).toBe('/images/uploads/sage-1.webp');
    const upload = calls.find((call) => call.method === 'POST');
    expect(upload?.url.pathname).toBe(`${base}/colours/${SAGE}/images`);
    expect(upload?.body).toBeInstanceOf(FormData);

    await user.click(screen.getByRole('button', { name: 'Delete image 1' }));
    await screen.findByRole('region', { name: 'Images of Sage (0 of 12)' });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe(`${base}/colours/${SAGE}/images`);
    expect(put?.body).toEqual({ images: [] });
  });

  it('a product with one colour keeps its one gallery on the product’s routes', async () => {
    colourServer(adminProduct({ colours: [navy] }));
    await open();
    expect(screen.getByRole('region', { name: 'Images (0 of 12)' })).toBeTruthy();
    expect(screen.getByLabelText('Upload images')).toBeTruthy();
    expect(screen.queryByLabelText('Photos of the colour')).toBeNull();
  });
});
