import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { flagValue } from '../../../src/shared/services/flags/flags.ts';
import { useFlag } from '../../../src/shared/services/flags/use-flag.ts';
import { handleFlags } from '../../fakes/flags.ts';
import { deployWith, undeploy } from '../../support/page-services.ts';

/** ConfigCat's CDN, played by the fake. */
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (!handleFlags(request, response, new URL(request.url ?? '/', origin))) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  undeploy();
  page.dataLayer = undefined;
});

/** What the page pushed to the tag manager. */
const page = window as unknown as { dataLayer?: unknown[] };

function configUrl(sdkKey: string, query = ''): string {
  return `${origin}/configcat/configuration-files/${sdkKey}/config_v6.json${query}`;
}

function VideoNotice() {
  return <p>{useFlag('consultVideo') ? 'The video plays here' : 'The transcript is shown here'}</p>;
}

test("the first render shows the default at once, then the flag service's value when it arrives", async () => {
  deployWith({ flags: { provider: 'configcat', configUrl: configUrl('prod-key', '?consultVideo=false') } });
  render(<VideoNotice />);
  expect(screen.getByText('The video plays here')).toBeInTheDocument();
  expect(await screen.findByText('The transcript is shown here')).toBeInTheDocument();
});

test('a slow flag service leaves the default on screen', async () => {
  deployWith({ flags: { provider: 'configcat', configUrl: configUrl('slow-key', '?consultVideo=false') } });
  render(<VideoNotice />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 1700)));
  expect(screen.getByText('The video plays here')).toBeInTheDocument();
  expect(page.dataLayer).toEqual([expect.objectContaining({ event: 'service_fallback', outcome: 'flags' })]);
});

test("locally, the deployment's FLAGS decide from the first render", () => {
  deployWith({ flags: { provider: 'local', overrides: { consultVideo: false } } });
  render(<VideoNotice />);
  expect(screen.getByText('The transcript is shown here')).toBeInTheDocument();
});

test('a page without service settings gets the defaults, without a request', async () => {
  await expect(flagValue('schedulingEmbed')).resolves.toBe(true);
});

test("flagValue waits for the flag service's value", async () => {
  deployWith({ flags: { provider: 'configcat', configUrl: configUrl('prod-key', '?botCheck=false') } });
  await expect(flagValue('botCheck')).resolves.toBe(false);
});

test('flagValue answers with the default within 1.5 s when the flag service is slow', async () => {
  deployWith({ flags: { provider: 'configcat', configUrl: configUrl('slow-key', '?botCheck=false') } });
  const started = performance.now();
  await expect(flagValue('botCheck')).resolves.toBe(true);
  expect(performance.now() - started).toBeLessThan(1600);
});
