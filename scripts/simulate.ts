/**
 * npm run --silent simulate -- <start-url> [--back | --press next,back,...] [--brand male|female] [--step N]
 *                                [--experiment <id> --variant <id>]
 * npm run --silent simulate -- --all [--json]
 * Add --facts to a walk: each URL with the facts its step requires and produces, those the walk
 * holds on arriving there and those it lacks (issue 37); --all always lists them.
 * Add --on YYYY-MM-DD: the walk as the products' dated rules read that day (config/clinic-rules.json,
 * issue 38), with each rule of the product its code sells, whether it is in effect then and
 * where the walk meets it; with --all, each path's rules that day. So staff see what changes when
 * a dated rule ends before it does.
 *
 * QA's tool, without a browser. With a start URL: one JSON array, the start URL then each URL
 * reached by pressing Next (or Back) until there is no further step; with --press, the URL after
 * each press of a mixed walk, one for one (the same URL again where a press had nowhere to go).
 * With --all: every code of every funnel, on its site, with its own steps, each variant and each
 * pathOverride key, with the version of its steps, the URLs Next reaches from its link and those Back reaches from the end;
 * --json prints them as one JSON array for generating tests (each split test variant of a code is
 * a path of its own). With --experiment and --variant, the walk of a patient assigned that split
 * test variant (config/experiments.json). Problems go to stderr with exit code 2.
 */
import { parseArgs } from 'node:util';
import {
  factsOfWalk,
  listPaths,
  parsePresses,
  simulate,
  SimulationError,
  wayOf,
  rulesOfWalk,
  type Press,
  type WalkFacts,
  type WalkRule,
} from '../src/engine/simulate.ts';
import { loadEngineOrExit } from './lib/load-config.ts';
import { splitUrl } from '../src/engine/url.ts';

const USAGE = [
  'usage: npm run --silent simulate -- <start-url> [--back | --press next,back,...] [--brand male|female] [--step N] [--experiment <id> --variant <id>] [--facts] [--on YYYY-MM-DD]',
  '       npm run --silent simulate -- --all [--json] [--on YYYY-MM-DD]',
].join('\n');

/** The site of a walk: the one whose funnel has the first URL's code. */
function siteOfWalk(engine: ReturnType<typeof loadEngineOrExit>, urls: readonly string[]): 'male' | 'female' | null {
  const code = engine.locate(splitUrl(urls[0] ?? '').pathname)?.code ?? null;
  if (code === null) return null;
  return engine.funnelFor(code, 'male') !== undefined
    ? 'male'
    : engine.funnelFor(code, 'female') !== undefined
      ? 'female'
      : null;
}

// Piped into `head` and the like: a reader that stops early ends the listing, not with a stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const OPTIONS = {
  back: { type: 'boolean' },
  press: { type: 'string' },
  brand: { type: 'string' },
  step: { type: 'string' },
  all: { type: 'boolean' },
  json: { type: 'boolean' },
  experiment: { type: 'string' },
  variant: { type: 'string' },
  facts: { type: 'boolean' },
  on: { type: 'string' },
} as const;

let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
try {
  parsed = parseArgs({ options: OPTIONS, allowPositionals: true });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const { values, positionals } = parsed;
if (values.on !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.on))
  fail(`--on takes a day as YYYY-MM-DD, not "${values.on}"\n${USAGE}`);
/** The day the walk reads the products' rules on: --on, else today. */
const ruleDay = values.on ?? new Date().toISOString().slice(0, 10);

if (values.all === true) {
  if (
    positionals.length > 0 ||
    values.back === true ||
    values.press !== undefined ||
    values.step !== undefined ||
    values.experiment !== undefined ||
    values.variant !== undefined
  )
    fail(
      `--all lists every path (every split test variant too): it takes no start URL, --back, --press, --step, --experiment or --variant\n${USAGE}`,
    );
  const engine = loadEngineOrExit(undefined, ruleDay);
  const paths = listPaths(engine);
  if (values.json === true) {
    console.log(JSON.stringify(paths, null, 2));
  } else {
    for (const path of paths) {
      console.log(`${path.code} (${path.site}, ${path.funnel}, ${wayOf(path)}, version ${path.version ?? 'none'})`);
      console.log(`  Next: ${path.next.join(' → ')}`);
      console.log(`  Back: ${path.back.join(' → ')}`);
      console.log(`  Facts: ${path.facts.map(factLine).join(' → ')}`);
      if (values.on !== undefined) {
        const rules = rulesOfWalk(engine, path.next, ruleDay, path.site).filter((rule) => rule.inEffect);
        if (rules.length > 0) console.log(`  Rules on ${ruleDay}: ${rules.map(ruleLine).join('; ')}`);
      }
    }
    console.log(`\n${String(paths.length)} paths; --json prints them for tools`);
  }
} else {
  walkOne();
}

/** One step of a listing's facts in a few words: `/results/shrt (holds contact-known; requires assessment-answered)`. */
function factLine(step: WalkFacts): string {
  const parts = [
    step.held.length > 0 ? `holds ${step.held.join(', ')}` : 'holds nothing',
    ...(step.requires.length > 0 ? [`requires ${step.requires.join(', ')}`] : []),
    ...(step.missing.length > 0 ? [`MISSING ${step.missing.join(', ')}`] : []),
  ];
  return `${splitUrl(step.url).pathname} (${parts.join('; ')})`;
}

/** A rule of the walk in a few words: `testosterone in-person-visit (from 2027-01-01): NOT MET`. */
function ruleLine(rule: WalkRule): string {
  return `${rule.product} ${rule.rule} (${rule.days}): ${rule.metAt === null ? 'NOT MET' : `met at ${rule.metAt}`}`;
}

/** One walk from a start URL. */
function walkOne() {
  const [start, ...extra] = positionals;
  if (start === undefined || extra.length > 0) fail(USAGE);
  const brand = values.brand;
  if (brand !== undefined && brand !== 'male' && brand !== 'female')
    fail(`--brand must be male or female, not "${brand}"\n${USAGE}`);
  if (values.back === true && values.press !== undefined) fail(`--back and --press cannot be given together\n${USAGE}`);

  const step = values.step === undefined ? undefined : Number(values.step);
  if (step !== undefined && (!Number.isInteger(step) || step < 1))
    fail(`--step must be a step number from 1, not "${String(values.step)}"\n${USAGE}`);

  if ((values.experiment === undefined) !== (values.variant === undefined))
    fail(`--experiment and --variant go together: the split test and which of its variants to walk\n${USAGE}`);
  const experiment =
    values.experiment === undefined || values.variant === undefined
      ? undefined
      : { experiment: values.experiment, variant: values.variant };

  const engine = loadEngineOrExit(undefined, ruleDay);
  try {
    const presses: Press[] | undefined = values.press === undefined ? undefined : parsePresses(values.press);
    const urls = simulate(engine, start, {
      back: values.back ?? false,
      ...(presses === undefined ? {} : { presses }),
      ...(brand ? { brand } : {}),
      ...(step === undefined ? {} : { step }),
      ...(experiment === undefined ? {} : { experiment }),
    });
    if (values.on !== undefined) {
      const site = brand ?? siteOfWalk(engine, urls);
      console.log(
        JSON.stringify(
          { on: ruleDay, urls, rules: site === null ? [] : rulesOfWalk(engine, urls, ruleDay, site) },
          null,
          2,
        ),
      );
    } else if (values.facts === true) {
      const pressed: Press[] = presses ?? urls.map(() => (values.back === true ? 'back' : 'next'));
      console.log(JSON.stringify(factsOfWalk(engine, urls, pressed), null, 2));
    } else console.log(JSON.stringify(urls));
  } catch (error) {
    if (error instanceof SimulationError) fail(error.message);
    throw error;
  }
}
