import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries, FEATURE_DIRECTIONS } from './boundaries.ts';

const DIRECTIONS = { alpha: ['beta'], beta: [] };
let dir: string | undefined;

/** A web/src-shaped tree in a temporary folder: path -> file text. */
function tree(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const messages = (src: string) => checkBoundaries(src, DIRECTIONS).map((v) => `${v.file}: ${v.message}`);

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the web import boundaries', () => {
  it('accepts a feature reaching an allowed feature through its index.ts, and shared code', () => {
    const src = tree({
      'features/alpha/components/a.tsx': [
        "import { B } from '../../beta/index.ts';",
        "import { n } from '../../../lib/notify.ts';",
        "import { P } from '../../../components/page-header.tsx';",
        "import { x } from '../model/x.ts';",
        "import { useQuery } from 'urql';",
      ].join('\n'),
      'features/alpha/components/a.test.tsx':
        "import '../../../test/setup-dom.ts';\nimport '../../../app/provider.tsx';",
      'features/beta/index.ts': "export { B } from './components/b.tsx';",
      'features/beta/api/get-b.ts': 'export const GetB = gql`query GetB { b }`;',
    });
    expect(messages(src)).toEqual([]);
  });

  it("refuses another feature's internals, a direction not recorded, and app/ or test/ in feature code", () => {
    const src = tree({
      'features/alpha/components/a.tsx': "export { b } from '../../beta/components/b.tsx';",
      'features/alpha/hooks/use-a.ts': "const page = () => import('../../../app/routes/route-table.tsx');",
      'features/alpha/model/m.ts': "import '../../../test/render-app.tsx';",
      'features/beta/components/b.tsx': "import { A } from '../../alpha/index.ts';",
    });
    expect(messages(src)).toEqual([
      'features/alpha/components/a.tsx: imports features/beta/components/b.tsx: another feature is reached only through its index.ts',
      'features/alpha/hooks/use-a.ts: imports app/routes/route-table.tsx: a feature uses only components/, lib/ and config/',
      'features/alpha/model/m.ts: imports test/render-app.tsx: a feature uses only components/, lib/ and config/',
      "features/beta/components/b.tsx: imports feature 'alpha', which 'beta' may not use (FEATURE_DIRECTIONS)",
    ]);
  });

  it('refuses an api file with two GraphQL documents, and a feature missing from the directions', () => {
    const src = tree({
      'features/beta/api/staff-queries.ts':
        'export const A = gql`query A { a }`;\nexport const B = gql`mutation B { b }`;',
      'features/gamma/index.ts': 'export {};',
    });
    expect(messages(src)).toEqual([
      'features/beta/api/staff-queries.ts: holds 2 GraphQL documents: one operation per api file, named verb-first after it (get-staff.ts)',
      "features/gamma/index.ts: feature 'gamma' has no entry in FEATURE_DIRECTIONS",
    ]);
  });

  it('holds for the real web/src', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
    expect(checkBoundaries(src, FEATURE_DIRECTIONS)).toEqual([]);
  });
});
