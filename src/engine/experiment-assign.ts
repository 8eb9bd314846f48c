import { CONTROL_VARIANT, type Experiment } from './config-types.ts';
import { variantIds } from './experiments.ts';

/**
 * Which variant of a split test a patient gets (issue 29): decided once, on the server, from
 * the patient's journey id and the experiment, by weight. The same journey always gets the same
 * variant of an experiment, and the journeys of one experiment are spread over its variants in
 * proportion to their weights; another experiment spreads them independently. The journey id
 * never leaves the server, so no one can choose a variant by choosing an id.
 */

/** 32-bit FNV-1a over the text's UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * MurmurHash3's finaliser: every bit of the input moves every bit of the output, so ids that
 * differ in their last character (id-1, id-2) land far apart.
 */
function mix(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) that a key always gives, spread evenly over keys. */
export function bucketOf(key: string): number {
  return mix(fnv1a(key)) / 0x1_0000_0000;
}

/**
 * The variant of `experiment` (id `experimentId`) for the journey `journeyId`: its bucket falls
 * in one variant's share of the weights, the variants taken in id order (so reordering the
 * JSON moves no one). Weights that add up to 0 give the control (the config rules refuse them).
 */
export function assignVariant(experimentId: string, experiment: Experiment, journeyId: string): string {
  const variants = variantIds(experiment)
    .map((id) => ({ id, weight: experiment.variants[id]?.weight ?? 0 }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total <= 0) return CONTROL_VARIANT;
  let point = bucketOf(`${experimentId}\n${journeyId}`) * total;
  for (const variant of variants) {
    if (point < variant.weight) return variant.id;
    point -= variant.weight;
  }
  // Only rounding could get here: the last variant with any weight.
  return [...variants].reverse().find((variant) => variant.weight > 0)?.id ?? CONTROL_VARIANT;
}
