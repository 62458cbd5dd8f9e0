/**
 * The taps a visitor makes on a server-rendered page before its scripts have attached React
 * (docs/decisions/039). The server writes EARLY_INPUT_SCRIPT inline at the top of the page's head,
 * allowed by its hash in the Content-Security-Policy; the browser app takes the queue when it
 * attaches React and replays it there.
 *
 * What it keeps are clicks on buttons that only the app can act on: a `type="button"` button, or a
 * submit button whose form has no address of its own (a form the app submits). Links, and forms
 * with an address (search, filters, sort), keep working as they do without JavaScript, so they are
 * left to the browser; a field's own state (a ticked box, a chosen size, typed text) stays in the
 * field, and the part that owns it reads it when it hydrates (`hooks/use-changes-before-hydration`).
 */

/** Where the script leaves the function that hands over its queue and stops listening. */
export const EARLY_INPUT_GLOBAL = '__shopperEarlyInput';

/** The inline script, written for every browser the shop supports, and small: it is in every page. */
export const EARLY_INPUT_SCRIPT =
  '(function(){' +
  'var queue=[];' +
  'function keep(event){' +
  'var button=event.target instanceof Element?event.target.closest("button"):null;' +
  'if(!button||button.disabled)return;' +
  'if(button.type==="submit"&&button.form){' +
  'if(button.form.hasAttribute("action"))return;' +
  'event.preventDefault();' +
  '}' +
  'queue.push(button);' +
  '}' +
  'document.addEventListener("click",keep,true);' +
  `window.${EARLY_INPUT_GLOBAL}=function(){` +
  'document.removeEventListener("click",keep,true);' +
  `window.${EARLY_INPUT_GLOBAL}=undefined;` +
  'return queue;' +
  '};' +
  '})();';

/** A button the visitor clicked early: still on the page unless something replaced it. */
export interface EarlyTap {
  readonly isConnected: boolean;
  click(): void;
}

declare global {
  interface Window {
    /** Set by EARLY_INPUT_SCRIPT until the app takes the queue. */
    [EARLY_INPUT_GLOBAL]?: () => EarlyTap[];
  }
}
