import { expect, test } from 'vitest';
import { stepsVersion } from '../../src/engine/funnel-version.ts';

test('a funnel path keeps its version while its steps stay, and gets another when they change', () => {
  const steps = ['/hormone-assessment', '/results', '/payment', '/finish'];
  expect(stepsVersion(steps)).toMatch(/^[0-9a-f]{8}$/);
  expect(stepsVersion([...steps])).toBe(stepsVersion(steps));
  // Two steps swapped, one removed, one added: each is another version.
  expect(stepsVersion(['/results', '/hormone-assessment', '/payment', '/finish'])).not.toBe(stepsVersion(steps));
  expect(stepsVersion(['/hormone-assessment', '/payment', '/finish'])).not.toBe(stepsVersion(steps));
  expect(stepsVersion([...steps.slice(0, 3), '/mip/form', '/finish'])).not.toBe(stepsVersion(steps));
  // Steps are not run together: ['/a', '/b'] is not ['/a/b'].
  expect(stepsVersion(['/a', '/b'])).not.toBe(stepsVersion(['/a/b']));
});
