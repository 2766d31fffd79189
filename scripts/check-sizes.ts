/**
 * Part of `npm run lint`: lists every product source file over 400 lines and every function over
 * 120 lines, and fails on any that `scripts/size-exceptions.json` does not name.
 *
 * What it reads: the `.ts` and `.tsx` files under `src/` of every workspace of the root
 * package.json, except
 * - the workspaces `e2e` and `bench` and any workspace whose path ends in `testkit` (journeys,
 *   benchmarks, test support);
 * - tests and test support: `*.test.ts(x)`, files named `testing.ts`, anything under a folder named
 *   `test`, `test-support` or `testing`;
 * - generated code: `*.d.ts`, and files whose first line says `@generated`.
 * A function is anything with a body: a function declaration or expression, an arrow function, a
 * method, a constructor, a getter or setter. Its lines run from its first token to its closing one,
 * so its doc comment does not count, and a function nested in another counts in both. A file's
 * lines are its newline count, as `wc -l` gives.
 *
 * `npx tsx scripts/check-sizes.ts --all` lists everything over the limits, exceptions included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXCEPTIONS_FILE = path.join(ROOT, 'scripts', 'size-exceptions.json');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;

const SKIPPED_WORKSPACES = new Set(['e2e', 'bench']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test', 'test-support', 'testing']);

/** One file or function over its limit. `key` is what the exceptions file names. */
interface Offender {
  key: string;
  where: string;
  lines: number;
}

/** The exceptions: a file's path, or `path#functionName`, each with the reason it is let through. */
interface Exceptions {
  files: Record<string, string>;
  functions: Record<string, string>;
}

function workspaces(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return pkg.workspaces.filter((w) => !SKIPPED_WORKSPACES.has(w) && !w.endsWith('testkit'));
}

function isProductFile(name: string): boolean {
  if (!/\.tsx?$/.test(name) || name.endsWith('.d.ts')) return false;
  if (/\.test\.tsx?$/.test(name) || name === 'testing.ts') return false;
  return true;
}

function* productFiles(dir: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* productFiles(full);
    } else if (entry.isFile() && isProductFile(entry.name)) {
      yield full;
    }
  }
}

/** What a reader would call the function: its name, its variable's or property's, or its caller's. */
function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression;
    const calleeName = ts.isIdentifier(callee)
      ? callee.text
      : ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : 'call';
    return `${calleeName} callback`;
  }
  if (ts.isExportAssignment(parent)) return 'default';
  return '<anonymous>';
}

/** The files and functions of one source text over the limits. */
function sizeOffenders(relativePath: string, text: string): Offender[] {
  if (/^\s*(\/\/|\/\*).*@generated/.test(text.split('\n', 1)[0] ?? '')) return [];
  const offenders: Offender[] = [];
  const fileLines = (text.match(/\n/g) ?? []).length;
  if (fileLines > MAX_FILE_LINES) {
    offenders.push({ key: relativePath, where: relativePath, lines: fileLines });
  }
  const kind = relativePath.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(relativePath, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const start = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) {
        const name = functionName(fn);
        offenders.push({
          key: `${relativePath}#${name}`,
          where: `${relativePath}:${start + 1} ${name}`,
          lines,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return offenders;
}

function main() {
  const all = process.argv.includes('--all');
  const exceptions = JSON.parse(readFileSync(EXCEPTIONS_FILE, 'utf8')) as Exceptions;
  const excepted = new Set([...Object.keys(exceptions.files), ...Object.keys(exceptions.functions)]);
  const offenders: Offender[] = [];
  for (const workspace of workspaces()) {
    for (const file of productFiles(path.join(ROOT, workspace, 'src'))) {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      offenders.push(...sizeOffenders(relative, readFileSync(file, 'utf8')));
    }
  }
  const refused = offenders.filter((o) => !excepted.has(o.key));
  const shown = all ? offenders : refused;
  for (const o of shown) {
    const limit = o.key.includes('#') ? `function over ${MAX_FUNCTION_LINES}` : `file over ${MAX_FILE_LINES}`;
    const note = excepted.has(o.key) ? ' (in size-exceptions.json)' : '';
    console.error(`${o.where}: ${o.lines} lines, ${limit}${note}`);
  }
  const found = new Set(offenders.map((o) => o.key));
  const stale = [...excepted].filter((key) => !found.has(key));
  for (const key of stale) {
    console.warn(`scripts/size-exceptions.json names ${key}, which is within the limits now: remove it.`);
  }
  if (refused.length > 0) {
    console.error(
      `${refused.length} file(s) or function(s) over the size limits (scripts/check-sizes.ts): split them by what they do.`,
    );
    process.exit(1);
  }
}

main();
