import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, test } from 'vitest';
import layers, { layerOf, wrongArrow } from '../scripts/lint/layers.js';

/**
 * The layers of src/ as `npm run check` enforces them (scripts/lint/layers.js), tried the way
 * a new engineer would break them: each case is an import someone could plausibly write.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

function lint(file: string, source: string): string[] {
  const linter = new Linter({ cwd: ROOT });
  const messages = linter.verify(
    source,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { layers },
        rules: { 'layers/direction': 'error', 'layers/no-cycle': 'error' },
      },
    ],
    { filename: path.join(ROOT, file) },
  );
  return messages.map((message) => message.message);
}

test('each folder of src/ is a known layer', () => {
  expect(layerOf(path.join(ROOT, 'src/features/booking/scheduling-screen.tsx'))).toBe('feature:booking');
  expect(layerOf(path.join(ROOT, 'src/shared/journey/journey-store.ts'))).toBe('shared');
  expect(layerOf(path.join(ROOT, 'src/main.tsx'))).toBe('app');
  expect(layerOf(path.join(ROOT, 'config/funnels.json'))).toBe('config');
  expect(layerOf(path.join(ROOT, 'tests/architecture.test.ts'))).toBe('tooling');
  expect(layerOf(path.join(ROOT, 'README.md'))).toBeNull();
});

test.each([
  ['server', 'shared', 'the server imports browser code'],
  ['server', 'feature:booking', 'the server imports a feature'],
  ['feature:booking', 'feature:payment', 'one feature reaches into another'],
  ['shared', 'feature:payment', 'a shared part depends on one feature'],
  ['shared', 'app', 'a shared part depends on the shell'],
  ['contract', 'shared', 'the contract depends on browser code'],
  ['domain', 'shared', 'a rule depends on browser code'],
  ['engine', 'lib', 'the engine imports outside itself'],
  ['server', 'tooling', 'the server imports a build script'],
  ['contract', 'tooling', 'the contract imports a build script'],
])('%s may not import %s (%s)', (from, to) => {
  expect(wrongArrow(from, to)).not.toBeNull();
});

test.each([
  ['feature:booking', 'shared'],
  ['feature:booking', 'feature:booking'],
  ['app', 'feature:payment'],
  ['server', 'contract'],
  ['server', 'domain'],
  ['shared', 'contract'],
  ['contract', 'engine'],
])('%s may import %s', (from, to) => {
  expect(wrongArrow(from, to)).toBeNull();
});

test('a wrong arrow in real code is an error with the reason', () => {
  const messages = lint('src/server/handlers/example.ts', "import { apiCall } from '../../shared/api/http.ts';\n");
  expect(messages).toEqual(['Wrong arrow: server may not import shared.']);
});

test('a feature importing another is told where the shared part belongs', () => {
  const messages = lint(
    'src/features/booking/example.ts',
    "import { paymentActors } from '../payment/payment-actors.ts';\nimport { track } from '../../shared/services/analytics.ts';\n",
  );
  expect(messages).toHaveLength(1);
  expect(messages[0]).toContain('move what both need to src/shared');
});

test('an import that closes a circle is an error naming the circle', () => {
  // journey-store.ts imports journey-api.ts on disk; journey-api.ts importing it back closes the circle.
  const messages = lint(
    'src/shared/journey/journey-api.ts',
    "import type { JourneyStore } from './journey-store.ts';\nexport type Store = JourneyStore;\n",
  );
  expect(messages).toEqual([
    'Circle of imports: src/shared/journey/journey-store.ts -> src/shared/journey/journey-api.ts.',
  ]);
});

test('the code as it stands has no circle and no wrong arrow in the shared journey', () => {
  expect(lint('src/shared/journey/journey-store.ts', "import { getJourney } from './journey-api.ts';\n")).toEqual([]);
});
