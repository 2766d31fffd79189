/**
 * Part of `npm run lint`: fails with every import-boundary violation in web/src (see
 * src/boundaries.ts and web/README.md).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries } from './src/boundaries.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const violations = checkBoundaries(srcDir);
for (const v of violations) console.error(`web/src/${v.file}: ${v.message}`);
if (violations.length > 0) {
  console.error(`${violations.length} boundary violation(s) in web/src (see web/README.md).`);
  process.exit(1);
}
