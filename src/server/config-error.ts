/** A setting that is not usable; the message names the variable and what it expects. */
export class ServerConfigError extends Error {
  override name = 'ServerConfigError';
}
