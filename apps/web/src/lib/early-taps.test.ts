import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_INPUT_GLOBAL, EARLY_INPUT_SCRIPT } from '@shopper/contract/plain';
import { replayEarlyTaps } from './early-taps.ts';

/** Runs the inline script as the page's head does, before the app. */
function startEarlyInput(): void {
  // jsdom runs no <script>; the page runs this exact text, and so does the test.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function(EARLY_INPUT_SCRIPT)();
}

function click(element: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  element.dispatchEvent(event);
  return event;
}

describe('taps made before the app listens (decision 039)', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <button type="button" id="toggle"><span id="bars">≡</span></button>
      <button type="button" id="disabled" disabled>Out of stock</button>
      <a href="/women" id="link">Women</a>
      <form method="get" action="/shop"><input name="q"><button type="submit" id="search">Search</button></form>
      <form id="newsletter"><input name="email"><button type="submit" id="subscribe">Subscribe</button></form>
      <label><input type="radio" name="size" value="M" id="size"> M</label>`;
  });

  afterEach(() => {
    window[EARLY_INPUT_GLOBAL]?.();
  });

  it('keeps clicks on buttons only the app acts on, and replays each once when handed over', () => {
    startEarlyInput();
    const onToggle = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    click(document.getElementById('bars')!);
    const subscribe = click(document.getElementById('subscribe')!);
    // Kept, not sent: the app submits this form itself.
    expect(subscribe.defaultPrevented).toBe(true);

    document.getElementById('toggle')!.addEventListener('click', onToggle);
    document.getElementById('newsletter')!.addEventListener('submit', onSubmit);
    replayEarlyTaps();
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(window[EARLY_INPUT_GLOBAL]).toBeUndefined();

    // Handed over: the app listens itself from now on, so nothing is kept twice.
    click(document.getElementById('toggle')!);
    replayEarlyTaps();
    expect(onToggle).toHaveBeenCalledTimes(2);
  });

  it('leaves links, forms with an address, fields and disabled buttons to the browser', () => {
    startEarlyInput();
    const link = click(document.getElementById('link')!);
    const search = click(document.getElementById('search')!);
    click(document.getElementById('size')!);
    click(document.getElementById('disabled')!);
    expect(link.defaultPrevented).toBe(false);
    expect(search.defaultPrevented).toBe(false);
    expect(window[EARLY_INPUT_GLOBAL]?.()).toEqual([]);
  });

  it('skips a kept button the page has since removed', () => {
    startEarlyInput();
    const toggle = document.getElementById('toggle')!;
    const onToggle = vi.fn();
    toggle.addEventListener('click', onToggle);
    click(toggle);
    expect(onToggle).toHaveBeenCalledTimes(1);
    toggle.remove();
    replayEarlyTaps();
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('replays nothing on a page without the script (one the browser renders alone)', () => {
    expect(() => replayEarlyTaps()).not.toThrow();
  });
});
