import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { handleFlags } from './flags.ts';
import { handleMedia } from './media.ts';
import { handlePlaces } from './places.ts';
import { handleRecaptcha } from './recaptcha.ts';
import { handleScheduling } from './scheduling.ts';
import { handleTagManager } from './tag-manager.ts';

/** One fake: answers what the real service would under its own path, or returns false. */
export type FakeHandler = (request: IncomingMessage, response: ServerResponse, url: URL) => boolean;

/**
 * Every outside service's fake, each under the path prefix its real counterpart's address
 * is given (e2e/support/sites.ts SERVICES_ENV). Tests choose a fake's behaviour (slow,
 * failing) through the address itself (a site key or sdk key naming the mode), so a fake has
 * no state to reset.
 */
export const FAKES: readonly FakeHandler[] = [
  handleTagManager,
  handleFlags,
  handleRecaptcha,
  handlePlaces,
  handleScheduling,
  handleMedia,
];

/** The fakes on one local HTTP server; resolves once it listens. */
export function startFakeServices(port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}:${String(port)}`);
    try {
      if (FAKES.some((handle) => handle(request, response, url))) return;
      if (url.pathname === '/') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('fake outside services');
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('no such fake');
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve(server);
    });
  });
}
