import { EARLY_INPUT_GLOBAL } from '@shopper/contract/plain';

/**
 * Hands the taps the page kept before React listened (docs/decisions/039) to React, in order. Call
 * it once React is attached to the root: a tap on a part not yet hydrated makes React hydrate that
 * part at once, then deliver it, so each tap is acted on once, by the part as the visitor saw it.
 */
export function replayEarlyTaps(): void {
  const taps = window[EARLY_INPUT_GLOBAL]?.() ?? [];
  for (const tap of taps) if (tap.isConnected) tap.click();
}
