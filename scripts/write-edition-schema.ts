/**
 * Writes docs/editions/edition.schema.json, the JSON Schema of the edition file format, from its
 * zod schema (`ZEditionFile`, @portal/domain). Run after changing the format:
 *   npx tsx scripts/write-edition-schema.ts && npx biome format --write docs/editions/edition.schema.json
 * (actions/src/routes/editions/editions.test.ts fails while the file differs.)
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { editionJsonSchema } from '@portal/domain';

const file = path.join(import.meta.dirname, '../docs/editions/edition.schema.json');
writeFileSync(file, `${JSON.stringify(editionJsonSchema(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), file)}`);
