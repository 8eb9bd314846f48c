/**
 * npm run --silent simulate -- <start-url> [--back] [--brand male|female] [--step N]
 *
 * QA's tool: prints one JSON array, the start URL then each URL reached by pressing Next (or
 * Back), until there is no further step. Problems go to stderr with exit code 2.
 */
import { parseArgs } from 'node:util';
import { simulate, SimulationError } from '../src/engine/simulate.ts';
import { loadEngineOrExit } from './lib/load-config.ts';

const USAGE = 'usage: npm run --silent simulate -- <start-url> [--back] [--brand male|female] [--step N]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed: ReturnType<
  typeof parseArgs<{
    options: { back: { type: 'boolean' }; brand: { type: 'string' }; step: { type: 'string' } };
    allowPositionals: true;
  }>
>;
try {
  parsed = parseArgs({
    options: { back: { type: 'boolean' }, brand: { type: 'string' }, step: { type: 'string' } },
    allowPositionals: true,
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const { values, positionals } = parsed;
const [start, ...extra] = positionals;
if (start === undefined || extra.length > 0) fail(USAGE);
const brand = values.brand;
if (brand !== undefined && brand !== 'male' && brand !== 'female')
  fail(`--brand must be male or female, not "${brand}"\n${USAGE}`);

const step = values.step === undefined ? undefined : Number(values.step);
if (step !== undefined && (!Number.isInteger(step) || step < 1))
  fail(`--step must be a step number from 1, not "${String(values.step)}"\n${USAGE}`);

const engine = loadEngineOrExit();
try {
  const urls = simulate(engine, start, {
    back: values.back ?? false,
    ...(brand ? { brand } : {}),
    ...(step === undefined ? {} : { step }),
  });
  console.log(JSON.stringify(urls));
} catch (error) {
  if (error instanceof SimulationError) fail(error.message);
  throw error;
}
