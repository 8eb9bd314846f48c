import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Whether the script was run with `-- --check`; exits 2 with the usage on any other argument. */
export function checkFlag(usage: string): boolean {
  try {
    return parseArgs({ options: { check: { type: 'boolean' } } }).values.check ?? false;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

/**
 * Writes a generated file, or with `check` only compares it (Windows line endings read as
 * Unix ones) and says when it is missing or stale, naming the command that makes it.
 * Returns whether the file is (now) what was generated.
 */
export function writeOrCheck(file: string, text: string, check: boolean, command: string): boolean {
  const shown = path.relative(process.cwd(), file) || file;
  let current: string | null;
  try {
    current = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  } catch {
    current = null;
  }
  if (current === text) {
    console.log(`${shown} is up to date`);
    return true;
  }
  if (check) {
    console.error(`${shown} ${current === null ? 'is missing' : 'is out of date'}; run ${command}`);
    return false;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`Wrote ${shown}`);
  return true;
}
