import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, stubApi } from '../../test/render.tsx';
import { NewsletterPage } from './newsletter-page.tsx';

const CSV = 'email,confirmed_at\r\na@example.com,2026-11-01T10:00:00.000Z\r\n';

afterEach(() => vi.restoreAllMocks());

describe('newsletter export', () => {
  it('downloads the server’s CSV as newsletter-subscribers.csv', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    // jsdom has no object URLs; the browser's own download is what is stood in for here.
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:subscribers';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const calls = stubApi({
      'GET /api/admin/newsletter/subscribers.csv': () =>
        new Response(CSV, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    renderRoutes([{ path: '/newsletter', element: <NewsletterPage /> }], '/newsletter');
    await user.click(await screen.findByRole('button', { name: 'Download subscribers (CSV)' }));
    await vi.waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:subscribers', download: 'newsletter-subscribers.csv' }]),
    );
    expect(await blobs[0]?.text()).toBe(CSV);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/admin/newsletter/subscribers.csv']);
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/admin/newsletter/subscribers.csv': () =>
        new Response(JSON.stringify({ success: false, code: 'FORBIDDEN', message: 'Only an owner can do this.' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderRoutes([{ path: '/newsletter', element: <NewsletterPage /> }], '/newsletter');
    await user.click(await screen.findByRole('button', { name: 'Download subscribers (CSV)' }));
    expect(await screen.findByText('Only an owner can do this.')).toBeTruthy();
  });
});
