/**
 * npm run bench:engine
 *
 * Prints how long the funnel engine takes, next to its budgets: validating config from disk,
 * building every visit's machine, simulating every funnel, and one machine transition. The
 * figures are for reading, not asserting: the script exits 0 whatever they are, unless the
 * config is invalid (exit 2). Takes a few seconds.
 */
import { initialTransition, transition } from 'xstate';
import type { Funnel, Site } from '../src/engine/config-types.ts';
import {
  createFunnelMachine,
  stepIndexOf,
  type FunnelEvent,
  type FunnelMachine,
  type FunnelSnapshot,
} from '../src/engine/funnel-machine.ts';
import {
  createFunnelEngine,
  stepUrl,
  variantQuery,
  variantsFor,
  type FunnelEngine,
  type Visit,
} from '../src/engine/funnel-plan.ts';
import { simulate } from '../src/engine/simulate.ts';
import { joinUrl } from '../src/engine/url.ts';
import { validateConfigDir } from './lib/config-validation.ts';
import { exitWithProblems } from './lib/load-config.ts';

const WARM_VALIDATIONS = 20;
const MACHINE_REPETITIONS = 50;
const SIMULATION_REPETITIONS = 20;
const TRANSITIONS = 100_000;
const WARM_UP_TRANSITIONS = 5_000;
const BUDGET_VALIDATE_AND_SIMULATE_MS = 1000;
const BUDGET_TRANSITION_NS = 100_000;
const BRANDS: readonly Site[] = ['male', 'female'];

// ---------------------------------------------------------------------------------------------
// Helpers

/** Nearest-rank percentile, `p` from 0 to 1. */
function percentile(values: readonly number[] | Float64Array, p: number): number {
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

function median(values: readonly number[] | Float64Array): number {
  return percentile(values, 0.5);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function timeMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 3 : 1)} ms`;
const us = (nanoseconds: number) => `${(nanoseconds / 1000).toFixed(2)} µs`;
const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

function heading(title: string) {
  console.log(`\n${title}`);
}

function row(label: string, value: string) {
  console.log(`  ${label.padEnd(44)} ${value}`);
}

/** A way through a funnel: its own steps, a declared variant, or a pathOverride list. */
interface Way {
  name: string;
  query: string;
  /** The step paths it walks, straight from config (not from the engine). */
  steps: readonly string[];
}

/** Every way through a funnel for a code on its own site: no query, each of its variants, then one pathOverride list. */
function waysOf(engine: FunnelEngine, funnel: Funnel, code: string): Way[] {
  const { stepKeys } = engine.config;
  // Keys both sites allow, so the same list plans on either brand; the patient then finishes.
  const keys = Object.keys(stepKeys.keys).filter((key) =>
    BRANDS.every((site) => stepKeys.keys[key]?.sites.includes(site)),
  );
  const overrideQuery = `${encodeURIComponent(stepKeys.queryParam)}=${encodeURIComponent(keys.join(stepKeys.separator))}`;
  const override = engine.planVisit({ code, brand: funnel.site, query: overrideQuery });
  return [
    { name: 'base', query: '', steps: funnel.steps },
    ...variantsFor(funnel, code).map((variant) => ({
      name: variant.name,
      query: variantQuery(variant),
      steps: variant.steps,
    })),
    { name: stepKeys.queryParam, query: overrideQuery, steps: override.ok ? override.plan.steps : [] },
  ];
}

/** Every code with every way through its funnel. */
function everyWay(engine: FunnelEngine): { code: string; site: Site; way: Way }[] {
  return Object.values(engine.config.funnels.funnels).flatMap((funnel) =>
    funnel.codes.flatMap((code) => waysOf(engine, funnel, code).map((way) => ({ code, site: funnel.site, way }))),
  );
}

console.error('Measuring the funnel engine; this takes 10 to 20 s...');

// ---------------------------------------------------------------------------------------------
// (a) Validating all config from disk. The first call in the process compiles the JSON Schemas
// with AJV (validateConfigDir keeps them for later calls), so it is the cold figure.

const coldStart = performance.now();
const validated = validateConfigDir();
const coldValidationMs = performance.now() - coldStart;
if (!validated.config) exitWithProblems(validated.problems);
const config = validated.config;
const warmValidationMs = Array.from({ length: WARM_VALIDATIONS }, () =>
  timeMs(() => {
    validateConfigDir();
  }),
);
let engine = createFunnelEngine(config);
const compileMs = timeMs(() => {
  engine = createFunnelEngine(config);
});

// ---------------------------------------------------------------------------------------------
// (c) Simulating every funnel, measured before the machines are built in (b) so that its first
// pass is as cold as in `npm run simulate`. Forward from each code's first step URL; Back from
// its last step URL (Back from the first step has nowhere to go). Declared variants included.

interface Walk {
  start: string;
  back: boolean;
  brand: Site;
  /** The start's step number, so Back starts on the last occurrence of a repeated page. */
  step: number;
  expected: string;
}

const walks: Walk[] = everyWay(engine)
  .filter(({ way }) => way.name !== config.stepKeys.queryParam)
  .flatMap(({ code, site, way }) => {
    const urls = way.steps.map((_, index) => stepUrl({ steps: way.steps, code, query: way.query }, index));
    return [
      { start: urls[0] ?? '', back: false, brand: site, step: 1, expected: urls.join(' ') },
      {
        start: urls[urls.length - 1] ?? '',
        back: true,
        brand: site,
        step: urls.length,
        expected: [...urls].reverse().join(' '),
      },
    ];
  });

/** Runs every walk once; the walks whose URLs differ from the config's step list. */
function simulateAll(): Walk[] {
  return walks.filter(
    (walk) =>
      simulate(engine, walk.start, { back: walk.back, brand: walk.brand, step: walk.step }).join(' ') !== walk.expected,
  );
}

let surprises: Walk[] = [];
const coldSimulationMs = timeMs(() => {
  surprises = simulateAll();
});
const warmSimulationMs = Array.from({ length: SIMULATION_REPETITIONS }, () => timeMs(simulateAll));

// ---------------------------------------------------------------------------------------------
// (b) Building every machine: every code × (its funnel, each declared variant, one pathOverride
// list) × both brands. On the other brand's site a code has no funnel, so half are error machines.

const visits: Visit[] = everyWay(engine).flatMap(({ code, way }) =>
  BRANDS.map((brand) => ({ code, brand, query: way.query })),
);
const buildAll = () => {
  for (const visit of visits) createFunnelMachine(engine, visit);
};
const firstBuildMs = timeMs(buildAll);
const buildMs = Array.from({ length: MACHINE_REPETITIONS }, () => timeMs(buildAll));
const planned = visits.filter((visit) => engine.planVisit(visit).ok).length;

// ---------------------------------------------------------------------------------------------
// (d) One transition. Each machine (every code and way on its own site) runs a script over and
// over: Next to the last step, Back to the first, a goto to every step (with the history index,
// as the browser sends), a goto to a page of the code that is not a step, and a goto to the
// first step. Each goto event is a new object, as in the browser, so no page lookup is reused.

/** The patient's moves; the journey's events (journey.known, journey.resume) come once a visit. */
type PatientEvent = Extract<FunnelEvent, { type: `step.${string}` }>;

interface Move {
  event: () => PatientEvent;
  /** The step index the machine should be on after the move; null off the list. */
  expect: number | null;
}

interface Runner {
  machine: FunnelMachine;
  snapshot: FunnelSnapshot;
  moves: Move[];
}

const runners: Runner[] = everyWay(engine).map(({ code, site, way }) => {
  const machine = createFunnelMachine(engine, { code, brand: site, query: way.query });
  const url = (index: number) => stepUrl({ steps: way.steps, code, query: way.query }, index);
  const last = way.steps.length - 1;
  const indexes = way.steps.map((_, index) => index);
  // A funnel page of the code that is not one of these steps: the machine goes off the list.
  const { stepKeys } = engine.config;
  const offListPath = [stepKeys.finish[site], ...Object.values(stepKeys.keys).map((key) => key.paths[site])].find(
    (path) => path !== undefined && !way.steps.includes(path),
  );
  const moves: Move[] = [
    ...indexes.slice(1).map((index) => ({ event: () => ({ type: 'step.next' }) as const, expect: index })),
    ...indexes
      .slice(0, last)
      .map((index) => ({ event: () => ({ type: 'step.back' }) as const, expect: last - 1 - index })),
    ...indexes.map((index) => ({
      event: () => ({ type: 'step.goto', url: url(index), index }) as const,
      expect: index,
    })),
    ...(offListPath === undefined
      ? []
      : [
          {
            event: () => ({ type: 'step.goto', url: joinUrl(`${offListPath}/${code}`, way.query) }) as const,
            expect: null,
          },
        ]),
    { event: () => ({ type: 'step.goto', url: url(0), index: 0 }) as const, expect: 0 },
  ];
  return { machine, snapshot: initialTransition(machine)[0], moves };
});

const samples: Record<PatientEvent['type'], number[]> = {
  'step.next': [],
  'step.back': [],
  'step.goto': [],
};
let unexpectedStates = 0;

function runTransitions(count: number, record: boolean) {
  let done = 0;
  while (done < count) {
    for (const runner of runners) {
      for (const move of runner.moves) {
        const event = move.event();
        const start = process.hrtime.bigint();
        const [next] = transition(runner.machine, runner.snapshot, event);
        const elapsed = process.hrtime.bigint() - start;
        runner.snapshot = next;
        if (record) {
          samples[event.type].push(Number(elapsed));
          if (stepIndexOf(next) !== move.expect) unexpectedStates += 1;
        }
        done += 1;
        if (done >= count) return;
      }
    }
  }
}

// Put every runner back on its first step after the warm-up, wherever it stopped.
runTransitions(WARM_UP_TRANSITIONS, false);
for (const runner of runners) runner.snapshot = initialTransition(runner.machine)[0];
const transitionWallMs = timeMs(() => {
  runTransitions(TRANSITIONS, true);
});
const timerOverhead = median(
  Array.from({ length: 10_000 }, () => {
    const start = process.hrtime.bigint();
    return Number(process.hrtime.bigint() - start);
  }),
);
const allSamples = Object.values(samples).flat();

// ---------------------------------------------------------------------------------------------
// Report

const validateAndSimulateMs = coldValidationMs + compileMs + coldSimulationMs;

console.log(`Funnel engine benchmark (Node ${process.version}, ${process.platform} ${process.arch})`);

heading('(a) Validate all config from disk (validateConfigDir)');
row('first run, with AJV schema compile', ms(coldValidationMs));
row(`median of ${WARM_VALIDATIONS} warm runs`, ms(median(warmValidationMs)));
row('compile the engine (createFunnelEngine)', ms(compileMs));

heading('(b) Build every machine (createFunnelMachine)');
row('machines per set', `${visits.length} (${planned} with a funnel, ${visits.length - planned} error)`);
row('first set', ms(firstBuildMs));
row(
  `median set of ${MACHINE_REPETITIONS}`,
  `${ms(median(buildMs))} (${us((median(buildMs) * 1e6) / visits.length)} a machine)`,
);
row(`total of ${MACHINE_REPETITIONS} sets`, ms(sum(buildMs)));

heading('(c) Simulate every funnel (simulate, forward from the first step and back from the last)');
row('walks', `${walks.length}, ${walks.length - surprises.length} as the config's step list says`);
for (const walk of surprises) {
  const got = simulate(engine, walk.start, { back: walk.back, brand: walk.brand, step: walk.step }).join(' ');
  row(`  differs: ${walk.start}${walk.back ? ' --back' : ''}`, got);
}
row('total, first pass', ms(coldSimulationMs));
row(`total, median of ${SIMULATION_REPETITIONS} warm passes`, ms(median(warmSimulationMs)));

heading('(d) One transition(machine, snapshot, event)');
row('transitions timed', `${allSamples.length} over ${runners.length} machines, in ${ms(transitionWallMs)} wall`);
row('unexpected states after a transition', String(unexpectedStates));
row(
  'all events: median / p99 / mean / max',
  `${us(median(allSamples))} / ${us(percentile(allSamples, 0.99))} / ${us(sum(allSamples) / allSamples.length)} / ${us(percentile(allSamples, 1))}`,
);
for (const [type, values] of Object.entries(samples)) {
  row(`${type} (${values.length}): median / p99`, `${us(median(values))} / ${us(percentile(values, 0.99))}`);
}
row('timer overhead (hrtime.bigint pair), median', us(timerOverhead));

heading('Budgets');
const budget = (label: string, value: string) => {
  console.log(`  ${label}: ${value}`);
};
budget(
  'validating and simulating every funnel under 1 s together',
  `${verdict(validateAndSimulateMs < BUDGET_VALIDATE_AND_SIMULATE_MS)}: ${ms(validateAndSimulateMs)} (cold validate ${ms(coldValidationMs)} + compile ${ms(compileMs)} + first simulate pass ${ms(coldSimulationMs)})`,
);
const p99 = percentile(allSamples, 0.99);
budget(
  'a transition under 0.1 ms',
  `${verdict(median(allSamples) < BUDGET_TRANSITION_NS)} at the median (${us(median(allSamples))}), ${verdict(p99 < BUDGET_TRANSITION_NS)} at p99 (${us(p99)})`,
);
