import { createServer, type Server } from 'node:http';
import { freePort } from './support/limited-server.ts';
import { MENS_SITE } from './support/sites.ts';
import { expect, test } from './support/test.ts';

/**
 * A page whose HTML arrives slowly, on a second visit (the app's code already in the browser's
 * cache): the app must take the page over only once the whole page has arrived. Started on the
 * half it had (CI's busy machine did), it drew a page of its own and the parser then added the
 * rest of the server's page under it: a second header, a second heading and a loading mark
 * that never went.
 */

/** A proxy in front of the e2e server that sends a page's HTML in two parts, `pause` ms apart. */
async function slowPages(pause: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`${MENS_SITE}${request.url ?? '/'}`, {
        method: request.method,
        headers: { cookie: request.headers.cookie ?? '', accept: request.headers.accept ?? '*/*' },
        redirect: 'manual',
      });
      const headers = Object.fromEntries(
        [...upstream.headers].filter(
          ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name),
        ),
      );
      const setCookies = upstream.headers.getSetCookie();
      response.writeHead(upstream.status, {
        ...headers,
        ...(setCookies.length > 0 ? { 'set-cookie': setCookies } : {}),
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      if (!(upstream.headers.get('content-type') ?? '').startsWith('text/html')) {
        response.end(body);
        return;
      }
      // The first part ends where the app's page begins: the opening of its root.
      const html = body.toString('utf8');
      const root = html.indexOf('<div id="root"');
      const cut = html.indexOf('>', root) + 1;
      response.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, pause));
      response.end(html.slice(cut));
    })().catch(() => {
      response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://localhost:${String(port)}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

// bhrt pays first: its payment is the campaign link's page (a cold payment of shrt is brought to its assessment: issue 37).
for (const path of ['/payment/bhrt', '/hormone-assessment/shrt']) {
  test(`${path}, its HTML slow to arrive on a second visit: the app takes the page over once it has all of it`, async ({
    page,
  }) => {
    const proxy = await slowPages(2500);
    try {
      // The first visit puts the app's code in the cache.
      await page.goto(`${proxy.origin}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1, { timeout: 20_000 });
      await page.goto(`${proxy.origin}${path}`);
      // Whole, taken over: one header, one heading, no loading mark left behind.
      await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0, { timeout: 20_000 });
      await expect(page.locator('[data-early-form], [data-early-summary] [data-early-summary-of]')).toHaveCount(0, {
        timeout: 20_000,
      });
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('[data-layout]')).toHaveCount(1);
    } finally {
      await proxy.close();
    }
  });
}
