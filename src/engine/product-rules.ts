import type { ClinicRulesFile, Funnel, ProductNeed } from './config-types.ts';
import { withRequiredSteps, type StepFacts, type UnmetRequirement } from './step-facts.ts';

/**
 * What a product needs before a clinician prescribes it (config/clinic-rules.json, issue 38):
 * testosterone, a Schedule III controlled substance, a live audio-video consult or an in-person
 * visit while the DEA's telemedicine flexibilities last, an in-person visit after. A rule is a
 * set of facts (config/routes.json) of which a step on the patient's path must produce one, and
 * the days it is in effect. Validation proves every path of every code selling the product
 * (src/engine/fact-rules.ts); a pathOverride list that reaches none gets the step back before
 * its finish (the planner, src/engine/funnel-plan.ts).
 */

/** A rule with the product it is of. */
export interface ProductRule {
  product: string;
  need: ProductNeed;
}

/** Whether a rule is in effect on `day` (YYYY-MM-DD): from its `from` through its `until`. */
export function inEffect(need: Pick<ProductNeed, 'from' | 'until'>, day: string): boolean {
  return (need.from === undefined || need.from <= day) && (need.until === undefined || day <= need.until);
}

/** The rules of the products a funnel sells (by its site and treatment) in effect on `day`. */
export function rulesOf(
  rules: ClinicRulesFile | undefined,
  funnel: Pick<Funnel, 'site' | 'treatment'>,
  day: string,
): ProductRule[] {
  return Object.entries(rules?.products ?? {}).flatMap(([product, rule]) =>
    rule.sells.site === funnel.site && rule.sells.treatment === funnel.treatment
      ? rule.needs.filter((need) => inEffect(need, day)).map((need) => ({ product, need }))
      : [],
  );
}

/** The rules no step of `path` meets (none produces any of a rule's facts), nor `held` (what staff do). */
export function unmetRules<Rule extends ProductRule>(
  path: readonly StepFacts[],
  rules: readonly Rule[],
  held: readonly string[] = [],
): Rule[] {
  const produced = new Set([...held, ...path.flatMap((step) => step.produces)]);
  return rules.filter(({ need }) => !need.anyOf.some((fact) => produced.has(fact)));
}

/**
 * `steps` with, for each rule none of them meets, the first source step producing one of its
 * facts put at the end (with what that step requires put back before it, withRequiredSteps):
 * `?pathOverride=pay` on a testosterone code books the consult after paying. The rules no source
 * meets are returned in `unmet` (validation reports them).
 */
export function withRuleSteps<Step>(
  steps: readonly Step[],
  sources: readonly Step[],
  factsOf: (step: Step) => StepFacts,
  rules: readonly ProductRule[],
): { steps: Step[]; unmet: ProductRule[] } {
  let out = [...steps];
  const unmet: ProductRule[] = [];
  for (const rule of rules) {
    if (unmetRules(out.map(factsOf), [rule]).length === 0) continue;
    const source = sources.find((step) => factsOf(step).produces.some((fact) => rule.need.anyOf.includes(fact)));
    if (source === undefined) unmet.push(rule);
    else out = withRequiredSteps([...out, source], sources, factsOf).steps;
  }
  return { steps: out, unmet };
}

/**
 * The steps a pathOverride list walks before its finish, as the planner plans them and
 * validation proves them: the list with what its steps require put back (withRequiredSteps),
 * its finish (`finish`) left off, then a step for each product rule none of them meets
 * (withRuleSteps). `unmet` and `unmetRules` are what no source could supply.
 */
export function planLink<Step>(
  steps: readonly Step[],
  sources: readonly Step[],
  factsOf: (step: Step) => StepFacts,
  rules: readonly ProductRule[],
  finish?: Step,
): { steps: Step[]; unmet: UnmetRequirement[]; unmetRules: ProductRule[] } {
  const required = withRequiredSteps(steps, sources, factsOf);
  const before = [...required.steps];
  while (finish !== undefined && before[before.length - 1] === finish) before.pop();
  const ruled = withRuleSteps(before, sources, factsOf, rules);
  return { steps: ruled.steps, unmet: required.unmet, unmetRules: ruled.unmet };
}

/** "a, b or c". */
export function orList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1] ?? ''}`;
}

/** "through 2026-12-31", "from 2027-01-01", "from … through …", or "always". */
export function daysOf(need: Pick<ProductNeed, 'from' | 'until'>): string {
  if (need.from !== undefined && need.until !== undefined) return `from ${need.from} through ${need.until}`;
  if (need.from !== undefined) return `from ${need.from}`;
  if (need.until !== undefined) return `through ${need.until}`;
  return 'always';
}
