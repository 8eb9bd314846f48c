import type { ESLint } from 'eslint';

/** The layer a repository file belongs to (`feature:<name>` for a feature), or null outside the checked tree. */
export function layerOf(file: string): string | null;
/** Why a file of layer `from` may not import one of layer `to`, or null when it may. */
export function wrongArrow(from: string | null, to: string | null): string | null;

declare const layers: ESLint.Plugin;
export default layers;
