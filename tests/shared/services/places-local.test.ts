import { expect, test } from 'vitest';
import { localPlaces } from '../../../src/shared/services/places/local-places.ts';
import { placesFor } from '../../../src/shared/services/places/places-for.ts';
import { LOCAL_SERVICES } from '../../../src/contract/service-settings.ts';
import { useClientServer } from '../../server/test-server.ts';

/** The local provider against the real local server over HTTP, with its seeded demo places. */
const server = useClientServer({ logs: true });

const SESSION = 'f3a1c2d4-0000-4000-8000-000000000001';

test('the local deployment uses the local provider, which suggests demo addresses and fills their fields', async () => {
  const places = placesFor(LOCAL_SERVICES.places);
  const suggestions = await places.suggest('801 Brick', SESSION);
  expect(suggestions).toEqual([{ placeId: 'pl_miami_brickell', text: '801 Brickell Ave, Miami, FL 33131' }]);
  expect(await places.place('pl_miami_brickell', SESSION)).toEqual({
    address: { line1: '801 Brickell Ave', city: 'Miami', state: 'FL', zip: '33131' },
    location: { lat: 25.7663, lng: -80.1917 },
  });
});

test('a demo microclinic’s city or ZIP code becomes a point; an unknown place is null', async () => {
  const places = localPlaces();
  expect(await places.locate('Denver, CO')).toEqual({ lat: 39.7525, lng: -104.9995, label: 'Denver, CO 80202' });
  expect(await places.locate('80206')).toEqual({ lat: 39.7187, lng: -104.9535, label: 'Denver, CO 80206' });
  expect(await places.locate('Atlantis')).toBeNull();
});

test('an unknown place id is PlacesUnavailable, so the patient types the address', async () => {
  await expect(localPlaces().place('pl_nowhere', SESSION)).rejects.toMatchObject({
    name: 'PlacesUnavailable',
    problem: 'status',
  });
});

test('the text travels in POST bodies only, and the server logs none of it', async () => {
  const places = localPlaces();
  await places.suggest('Zebulonqx Street', SESSION);
  await places.locate('Zebulonqx');
  const urls = server().logs.filter((line) => line.includes('/api/places'));
  expect(urls.length).toBeGreaterThan(0);
  expect(server().logs.join('\n')).not.toContain('Zebulonqx');
});
