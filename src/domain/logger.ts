/**
 * The logger the data rules report to. It is injected so that tests can watch it and so the
 * app decides where errors go. Callers never pass patient data in `detail`: only kinds,
 * counts and field names.
 */
export interface DomainLogger {
  error(message: string, detail?: Readonly<Record<string, string | number>>): void;
}
