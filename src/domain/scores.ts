import type { Scores } from '../contract/api-types.ts';
import type { ScoresFile } from '../engine/config-types.ts';

/** The overall score's key: the mean of the configured scores. */
export const OVERALL_SCORE = 'overall';

const MAX_SCORE = 100;

/**
 * The assessment's scores from its answers, by config/scores.json: each score adds the points
 * of the options chosen for its question (options not listed count 0, each option once),
 * capped at 100; the overall score is their rounded mean. Unanswered questions score 0.
 */
export function computeScores(rules: ScoresFile, answers: Readonly<Record<string, readonly string[]>>): Scores {
  const scores: Record<string, number> = {};
  for (const rule of rules.scores) {
    // Own properties only: a ref such as `constructor` must not read Object.prototype.
    const chosen = new Set(Object.hasOwn(answers, rule.ref) ? (answers[rule.ref] ?? []) : []);
    const points = [...chosen].reduce(
      (sum, value) => sum + (Object.hasOwn(rule.points, value) ? (rule.points[value] ?? 0) : 0),
      0,
    );
    scores[rule.name] = Math.min(points, MAX_SCORE);
  }
  const values = rules.scores.map((rule) => scores[rule.name] ?? 0);
  scores[OVERALL_SCORE] = values.length === 0 ? 0 : Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  return scores;
}

/** The band a score falls in: the first whose `below` it is under, else the last. */
export function bandOf(rules: ScoresFile, score: number): ScoresFile['bands'][number] {
  const band = rules.bands.find((candidate) => candidate.below !== undefined && score < candidate.below);
  const last = rules.bands.at(-1);
  if (!band && !last) throw new Error('config/scores.json has no bands');
  return band ?? (last as ScoresFile['bands'][number]);
}
