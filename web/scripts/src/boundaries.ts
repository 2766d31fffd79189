/**
 * The import boundaries of web/src that Biome cannot express (it matches import specifiers as
 * written, not the files they resolve to): features import each other only through a feature's
 * `index.ts` and only in the directions of FEATURE_DIRECTIONS; a feature's code never imports
 * app/ or test/ (its tests may); an api file under features holds one GraphQL document. Biome (biome.json)
 * checks the rest: file names, and components/, lib/, config/ never importing features or app/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Which features a feature may import (through their index.ts). Keep web/README.md in step. */
export const FEATURE_DIRECTIONS: Readonly<Record<string, readonly string[]>> = {
  account: [],
  'admin-console': ['editions'],
  assessments: ['certificates', 'practices'],
  'assessment-offline': ['assessments', 'practices'],
  'assessment-review': ['assessments', 'practices'],
  'assessment-screen': [
    'assessment-offline',
    'assessment-review',
    'assessments',
    'audit',
    'certificates',
    'practices',
    'survey-visit',
  ],
  audit: [],
  auth: [],
  certificates: [],
  contacts: [],
  dashboard: ['assessment-offline', 'practices'],
  documents: ['practices'],
  editions: ['assessments'],
  invitations: [],
  practices: ['audit'],
  reports: ['practices'],
  resources: [],
  staff: ['audit', 'contacts', 'practices'],
  'survey-planning': [],
  'survey-visit': ['assessment-offline', 'assessments', 'practices'],
  webinars: [],
  'survey-offers': [],
  notifications: [],
};

export interface TBoundaryViolation {
  file: string;
  message: string;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;
// Static imports and re-exports (`from '…'`), side-effect imports and dynamic `import('…')`.
const SPECIFIER = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;
const DOCUMENT = /\bgql\s*`|\bgraphql\s*\(/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f))
    .map((f) => path.join(dir, f))
    .sort();
}

/** Where a web/src-relative path sits: `features/<name>`, or its top folder (app, lib, ...). */
function areaOf(relative: string): { area: string; feature?: string; rest: string } {
  const [top = '', name = '', ...rest] = relative.split('/');
  if (top === 'features' && rest.length > 0) {
    return { area: `features/${name}`, feature: name, rest: rest.join('/') };
  }
  return { area: top, rest: [name, ...rest].filter(Boolean).join('/') };
}

/** Every boundary violation under `srcDir` (web/src), with paths relative to it. */
export function checkBoundaries(
  srcDir: string,
  directions: Readonly<Record<string, readonly string[]>> = FEATURE_DIRECTIONS,
): TBoundaryViolation[] {
  const violations: TBoundaryViolation[] = [];
  for (const absolute of sourceFiles(srcDir)) {
    const file = path.relative(srcDir, absolute).split(path.sep).join('/');
    const from = areaOf(file);
    const text = readFileSync(absolute, 'utf8');
    if (from.feature && /^api\/[^/]+\.ts$/.test(from.rest)) {
      const documents = text.match(DOCUMENT)?.length ?? 0;
      if (documents > 1) {
        violations.push({
          file,
          message: `holds ${documents} GraphQL documents: one operation per api file, named verb-first after it (get-staff.ts)`,
        });
      }
    }
    if (!from.feature) continue;
    if (!(from.feature in directions)) {
      violations.push({ file, message: `feature '${from.feature}' has no entry in FEATURE_DIRECTIONS` });
    }
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = path
        .relative(srcDir, path.resolve(path.dirname(absolute), specifier))
        .split(path.sep)
        .join('/');
      const to = areaOf(target);
      if (to.area === from.area || ['components', 'lib', 'config'].includes(to.area)) continue;
      if (to.feature) {
        if (to.rest !== 'index.ts') {
          violations.push({
            file,
            message: `imports ${target}: another feature is reached only through its index.ts`,
          });
        } else if (!directions[from.feature]?.includes(to.feature)) {
          violations.push({
            file,
            message: `imports feature '${to.feature}', which '${from.feature}' may not use (FEATURE_DIRECTIONS)`,
          });
        }
        continue;
      }
      // A feature's tests may compose like app/ does (app/, test/, other workspaces' test support).
      if (TEST.test(file)) continue;
      violations.push({
        file,
        message: `imports ${target}: a feature uses only components/, lib/ and config/`,
      });
    }
  }
  return violations;
}
