/**
 * A funnel path's version: a short hash of its compiled steps, the step list as the engine walks
 * it (after a variant or a pathOverride list, with the finish page), not the JSON's formatting.
 * Two configs that walk a code the same way give it the same version; moving, adding or removing
 * a step changes it. Plain TypeScript (no Node or browser hashing API), so the engine, the
 * scripts and the staff page compute it alike.
 */
export function stepsVersion(steps: readonly string[]): string {
  // FNV-1a, 32 bits: enough to tell the few shapes one funnel has had apart at a glance.
  let hash = 0x811c9dc5;
  for (const char of steps.join('\n')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The funnel steps a journey records with its place (JourneyState `funnel`): the steps and their version. */
export interface RecordedFunnel {
  readonly version: string;
  readonly steps: readonly string[];
}

/** What a journey records of the plan its step belongs to. */
export function recordedFunnel(plan: { readonly steps: readonly string[] }): RecordedFunnel {
  return { version: stepsVersion(plan.steps), steps: [...plan.steps] };
}
