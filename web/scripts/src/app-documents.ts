/**
 * Every GraphQL operation of the web app: the documents exported by the modules of web/src that
 * call `graphql()` (tests aside), each with the fragments gql.tada spliced into it. Node only: for
 * checks that the app's documents hold for more than the schema they are typed against.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type DocumentNode, Kind } from 'graphql';

export interface TAppDocument {
  /** The module, relative to web/src. */
  file: string;
  /** Its export. */
  name: string;
  document: DocumentNode;
  /**
   * The roles it is sent as, when its module says (`export const SENT_AS_ROLES`, beside a request
   * context that sets `x-hasura-role`); otherwise every role a user's default can be.
   */
  roles?: readonly string[];
}

const isOperation = (value: unknown): value is DocumentNode =>
  (value as DocumentNode | null)?.kind === Kind.DOCUMENT &&
  (value as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION);

/** The operations of the modules under `srcDir` (web/src) that write a `graphql()` document. */
export async function appDocuments(srcDir: string): Promise<TAppDocument[]> {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .filter((f) => /\bgraphql\s*\(/.test(readFileSync(path.join(srcDir, f), 'utf8')))
    .sort();
  const documents: TAppDocument[] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(path.join(srcDir, file));
    const roles = Array.isArray(module.SENT_AS_ROLES) ? (module.SENT_AS_ROLES as string[]) : undefined;
    for (const [name, value] of Object.entries(module))
      if (isOperation(value))
        documents.push({
          file: file.split(path.sep).join('/'),
          name,
          document: value,
          ...(roles && { roles }),
        });
  }
  return documents;
}
