import { readFileSync } from 'node:fs';

/**
 * The version in this package's package.json: one directory up from both src/ (tests, tsx)
 * and dist/ (the built command), so it is read from the file rather than written twice.
 */
export function cliVersion(): string {
  const url = new URL('../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}
