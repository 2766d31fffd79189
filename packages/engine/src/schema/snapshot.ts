import { lexicographicSortSchema, printSchema } from 'graphql';
import type { EngineCore } from '../engine/engine.ts';

/** Every role's schema as SDL (sorted, so snapshots diff cleanly), keyed by role; `admin` included. */
export function schemaSnapshots(core: EngineCore): Map<string, string> {
  const out = new Map<string, string>();
  for (const role of [...core.model.roles].sort())
    out.set(role, printSchema(lexicographicSortSchema(core.schemaFor(role).schema)));
  return out;
}
