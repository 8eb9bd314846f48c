import type { DomainLogger } from '../domain/logger.ts';

/** Errors of the data rules go to the console by kind only: never a value the patient typed. */
export const consoleLogger: DomainLogger = {
  error: (message, detail) => {
    console.error(message, detail ?? {});
  },
};
