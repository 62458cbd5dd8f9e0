import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/**
 * Plain mail text with its web addresses made clickable. The mail's HTML is never injected: only
 * the text version is shown, and only http(s) addresses become links.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?]+$/, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={`${start}-${url}`} href={url}>
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
