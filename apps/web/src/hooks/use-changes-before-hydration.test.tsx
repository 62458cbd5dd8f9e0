import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { changedFields, useChangesBeforeHydration } from './use-changes-before-hydration.ts';

function rendered(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('changedFields: what the visitor changed in server-rendered fields (decision 039)', () => {
  const html = `
    <input type="hidden" name="limit" value="12">
    <input type="search" name="q" value="">
    <input type="radio" name="size" value="S"><input type="radio" name="size" value="M">
    <input type="checkbox" name="discount" value="true" checked>
    <select name="sort"><option value="">Featured</option><option value="price-asc">Price</option></select>
    <textarea name="comment">Nice</textarea>`;

  it('finds none in fields as the page rendered them', () => {
    expect(changedFields(rendered(html))).toEqual([]);
  });

  it('finds typed text, a picked radio, an unticked box, a chosen option and edited text, never a hidden field', () => {
    const root = rendered(html);
    const field = (name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    field('q').value = 'shirt';
    root.querySelector<HTMLInputElement>('[value="M"]')!.checked = true;
    field('discount').checked = false;
    root.querySelector('select')!.value = 'price-asc';
    root.querySelector('textarea')!.value = 'Lovely';
    field('limit').value = '24';
    expect(changedFields(root).map((changed) => `${changed.name}=${changed.value}`)).toEqual([
      'q=shirt',
      'size=M',
      'discount=true',
      'sort=price-asc',
      'comment=Lovely',
    ]);
  });

  it('reads a field given on its own', () => {
    const input = rendered('<input name="q" value="">').querySelector('input')!;
    expect(changedFields(input)).toEqual([]);
    input.value = 'x';
    expect(changedFields(input)).toEqual([input]);
  });
});

describe('useChangesBeforeHydration with React hydrating server HTML', () => {
  function SizePicker() {
    const [size, setSize] = useState<string | null>(null);
    const ref = useRef<HTMLFieldSetElement>(null);
    useChangesBeforeHydration(ref, (fields) =>
      setSize(fields.find((field) => 'checked' in field && field.checked)?.value ?? null),
    );
    return (
      <fieldset ref={ref}>
        {['S', 'M'].map((option) => (
          <label key={option}>
            <input type="radio" name="size" value={option} checked={size === option} onChange={() => setSize(option)} />
            {option}
          </label>
        ))}
        <output>{size ?? 'none'}</output>
      </fieldset>
    );
  }

  it('hands the size picked before hydration to the part, which then shows it as chosen', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SizePicker />);
    document.body.append(container);
    container.querySelector<HTMLInputElement>('[value="M"]')!.click();
    await act(async () => void hydrateRoot(container, <SizePicker />));
    expect(container.querySelector('output')?.textContent).toBe('M');
    expect(container.querySelector<HTMLInputElement>('[value="M"]')?.checked).toBe(true);
    container.remove();
  });

  it('hands nothing over when the visitor changed nothing', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SizePicker />);
    await act(async () => void hydrateRoot(container, <SizePicker />));
    expect(container.querySelector('output')?.textContent).toBe('none');
  });
});
