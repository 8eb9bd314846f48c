import type { DomainLogger } from '../../src/domain/logger.ts';

/** A logger that records what it is told, for tests to read. */
export function recordingLogger(): DomainLogger & { calls: { message: string; detail?: unknown }[] } {
  const calls: { message: string; detail?: unknown }[] = [];
  return {
    calls,
    error(message, detail) {
      calls.push(detail === undefined ? { message } : { message, detail });
    },
  };
}
