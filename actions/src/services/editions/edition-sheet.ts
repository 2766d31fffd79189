import { checkEditionFile, editionPath, type TEditionFileProblem } from '@portal/domain';
import readXlsxFile from 'read-excel-file/node';
import type { EditionFileReading } from './edition-file.ts';
import { EDITION_PROBLEMS_SHOWN } from './edition-file.ts';

/**
 * An edition as a workbook (docs/editions/README.md, "The spreadsheet"): sheet Edition (its code,
 * name and date), sheet Standards (one row per checklist item, its set and indicator written on
 * each row; an indicator with no question has one row with Question and Item empty), sheet
 * Resources (one row per resource, by indicator code). Read back into the same edition file, and
 * checked by the same rules, each problem naming its sheet and row.
 */

export const EDITION_SHEET = 'Edition';
export const STANDARDS_SHEET = 'Standards';
export const RESOURCES_SHEET = 'Resources';
const EDITION_KEYS = {
  format: 'Format',
  code: 'Code',
  name: 'Name',
  effectiveFrom: 'Effective from',
} as const;
export const STANDARDS_COLUMNS = [
  'Set code',
  'Set name',
  'Set type',
  'Indicator code',
  'Criterion',
  'Indicator name',
  'Indicator description',
  'Mandatory',
  'Flagged',
  'Evidence lookback months',
  'Question',
  'Item',
  'Must have',
] as const;
export const RESOURCES_COLUMNS = [
  'Indicator code',
  'Name',
  'URL',
  'Stored file',
  'File type',
  'For practice manager',
  'For surveyor',
] as const;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type CellValue = string | number | boolean | Date | null | undefined;

/** Where a part of the edition was read: its sheet and 1-based row. */
interface Place {
  sheet: string;
  row: number;
}

const blank = (value: CellValue) =>
  value === null || value === undefined || (typeof value === 'string' && !value.trim());
const asText = (value: CellValue): string | undefined =>
  blank(value) ? undefined : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).trim();
/** A yes/no cell: true, false, or the text as written (the rules then say what to write). */
const asFlag = (value: CellValue): boolean | string | undefined => {
  if (blank(value)) return undefined;
  if (typeof value === 'boolean') return value;
  const word = String(value).trim().toLowerCase();
  if (['yes', 'y', 'true'].includes(word)) return true;
  if (['no', 'n', 'false'].includes(word)) return false;
  return String(value);
};
const asNumber = (value: CellValue): number | string | undefined =>
  blank(value)
    ? undefined
    : typeof value === 'number'
      ? value
      : Number.isFinite(Number(value))
        ? Number(value)
        : String(value);

/**
 * Reads a workbook into an edition file and checks it with the file's rules: the edition, or every
 * problem with its sheet and row (`line` is the row). Nothing is stored here.
 */
export async function readEditionWorkbook(bytes: Buffer): Promise<EditionFileReading> {
  let sheets: Array<{ sheet: string; data: CellValue[][] }>;
  try {
    sheets = (await readXlsxFile(bytes)) as Array<{ sheet: string; data: CellValue[][] }>;
  } catch {
    return refuse([
      {
        sheet: null,
        line: null,
        path: '',
        message: 'The file is not an .xlsx workbook: export it from your spreadsheet as Excel (.xlsx).',
      },
    ]);
  }
  const find = (name: string) =>
    sheets.find((s) => s.sheet.trim().toLowerCase() === name.toLowerCase())?.data;
  const problems: TEditionFileProblem[] = [];
  const editionSheet = find(EDITION_SHEET);
  const standardsSheet = find(STANDARDS_SHEET);
  for (const [name, data] of [
    [EDITION_SHEET, editionSheet],
    [STANDARDS_SHEET, standardsSheet],
  ] as const)
    if (!data)
      problems.push({
        sheet: null,
        line: null,
        path: '',
        message: `The workbook has no sheet named ${name}: start from the template.`,
      });
  if (!editionSheet || !standardsSheet) return refuse(problems);

  const places = new Map<string, Place>();
  const at = (path: Array<string | number>, place: Place) => {
    const key = editionPath(path);
    if (!places.has(key)) places.set(key, place);
  };
  const raw: Record<string, unknown> = {};
  for (const [index, row] of editionSheet.entries()) {
    const key = asText(row[0])?.toLowerCase();
    const field = Object.entries(EDITION_KEYS).find(([, label]) => label.toLowerCase() === key)?.[0];
    if (!field) continue;
    const value = asText(row[1]);
    if (value !== undefined) raw[field] = value;
    at([field], { sheet: EDITION_SHEET, row: index + 1 });
  }

  const columns = headerColumns(standardsSheet[0] ?? [], STANDARDS_COLUMNS, STANDARDS_SHEET, problems);
  const resourcesSheet = find(RESOURCES_SHEET);
  const resourceColumns = resourcesSheet
    ? headerColumns(resourcesSheet[0] ?? [], RESOURCES_COLUMNS, RESOURCES_SHEET, problems)
    : null;
  if (!columns || (resourcesSheet && !resourceColumns)) return refuse(problems);

  const { sets, indicatorsByCode } = readStandards(standardsSheet, columns, at, problems);
  if (resourcesSheet) readResources(resourcesSheet, resourceColumns!, indicatorsByCode, at, problems);
  raw.sets = sets;
  const checked = checkEditionFile(raw);
  if (checked.ok && !problems.length) return { ok: true, edition: checked.edition };
  for (const issue of checked.ok ? [] : checked.issues) {
    const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
    // The nearest place recorded on the way to the problem's path.
    let place: Place | undefined;
    for (let length = path.length; length >= 0 && !place; length--)
      place = places.get(editionPath(path.slice(0, length)));
    problems.push({
      sheet: place?.sheet ?? null,
      line: place?.row ?? null,
      path: editionPath(issue.path),
      message: issue.message,
    });
  }
  return refuse(problems);
}

type RawIndicator = Record<string, unknown> & {
  checklists: Array<{ question: string; items: unknown[] }>;
  resources: unknown[];
};
type RawSet = Record<string, unknown> & { indicators: RawIndicator[] };
type KnownIndicators = Map<string, { set: number; index: number; indicator: RawIndicator; row: number }>;
type Mark = (path: Array<string | number>, place: Place) => void;

/** Sheet Standards into sets, indicators, questions and items, marking where each was read. */
function readStandards(
  standardsSheet: CellValue[][],
  columns: Map<(typeof STANDARDS_COLUMNS)[number], number>,
  at: Mark,
  problems: TEditionFileProblem[],
): { sets: RawSet[]; indicatorsByCode: KnownIndicators } {
  const sets: RawSet[] = [];
  const indicatorsByCode: KnownIndicators = new Map();
  for (const [index, row] of standardsSheet.entries()) {
    if (index === 0 || row.every(blank)) continue;
    const place = { sheet: STANDARDS_SHEET, row: index + 1 };
    const cell = (name: (typeof STANDARDS_COLUMNS)[number]) => row[columns.get(name)!] as CellValue;
    const setCode = asText(cell('Set code')) ?? '';
    let s = sets.findIndex((set) => String(set.code).toLowerCase() === setCode.toLowerCase());
    if (s < 0) {
      sets.push({
        code: setCode,
        name: asText(cell('Set name')),
        ...(asText(cell('Set type')) ? { type: asText(cell('Set type'))!.toUpperCase() } : {}),
        indicators: [],
      });
      s = sets.length - 1;
      at(['sets', s], place);
      at(['sets', s, 'code'], place);
    }
    const indicatorCode = asText(cell('Indicator code')) ?? '';
    let known = indicatorsByCode.get(indicatorCode.toLowerCase());
    if (known && known.set !== s) {
      problems.push({
        sheet: STANDARDS_SHEET,
        line: index + 1,
        path: '',
        message: `The indicator ${indicatorCode} is in set ${String(sets[known.set]!.code)} on row ${known.row}: write all its rows under one set.`,
      });
      continue;
    }
    if (!known) {
      const indicator: RawIndicator = {
        code: indicatorCode,
        name: asText(cell('Indicator name')),
        ...(asText(cell('Criterion')) ? { criterion: asText(cell('Criterion')) } : {}),
        ...(asText(cell('Indicator description'))
          ? { description: asText(cell('Indicator description')) }
          : {}),
        ...(asFlag(cell('Mandatory')) !== undefined ? { mandatory: asFlag(cell('Mandatory')) } : {}),
        ...(asFlag(cell('Flagged')) !== undefined ? { flagged: asFlag(cell('Flagged')) } : {}),
        ...(asNumber(cell('Evidence lookback months')) !== undefined
          ? { evidenceLookbackMonths: asNumber(cell('Evidence lookback months')) }
          : {}),
        checklists: [],
        resources: [],
      };
      sets[s]!.indicators.push(indicator);
      known = { set: s, index: sets[s]!.indicators.length - 1, indicator, row: index + 1 };
      indicatorsByCode.set(indicatorCode.toLowerCase(), known);
      at(['sets', s, 'indicators', known.index], place);
    }
    const path = ['sets', s, 'indicators', known.index] as Array<string | number>;
    for (const key of [
      'code',
      'name',
      'criterion',
      'description',
      'mandatory',
      'flagged',
      'evidenceLookbackMonths',
    ])
      at([...path, key], { sheet: STANDARDS_SHEET, row: known.row });
    const question = asText(cell('Question'));
    const item = asText(cell('Item'));
    if (question === undefined && item === undefined) continue;
    if (question === undefined) {
      problems.push({
        sheet: STANDARDS_SHEET,
        line: index + 1,
        path: '',
        message: 'Write the question this item belongs to.',
      });
      continue;
    }
    const checklists = known.indicator.checklists;
    if (checklists.at(-1)?.question !== question) {
      checklists.push({ question, items: [] });
      at([...path, 'checklists', checklists.length - 1], place);
      at([...path, 'checklists', checklists.length - 1, 'items'], place);
    }
    const q = checklists.length - 1;
    if (item === undefined) continue;
    checklists[q]!.items.push({
      text: item,
      ...(asFlag(cell('Must have')) !== undefined ? { mustHave: asFlag(cell('Must have')) } : {}),
    });
    at([...path, 'checklists', q, 'items', checklists[q]!.items.length - 1], place);
  }
  return { sets, indicatorsByCode };
}

/** Sheet Resources onto the indicators they name. */
function readResources(
  resourcesSheet: CellValue[][],
  resourceColumns: Map<(typeof RESOURCES_COLUMNS)[number], number>,
  indicatorsByCode: KnownIndicators,
  at: Mark,
  problems: TEditionFileProblem[],
): void {
  for (const [index, row] of resourcesSheet.entries()) {
    if (index === 0 || row.every(blank)) continue;
    const cell = (name: (typeof RESOURCES_COLUMNS)[number]) => row[resourceColumns.get(name)!] as CellValue;
    const code = asText(cell('Indicator code')) ?? '';
    const known = indicatorsByCode.get(code.toLowerCase());
    if (!known) {
      problems.push({
        sheet: RESOURCES_SHEET,
        line: index + 1,
        path: '',
        message: `No indicator of sheet ${STANDARDS_SHEET} has the code ${code || '(empty)'}.`,
      });
      continue;
    }
    known.indicator.resources.push({
      name: asText(cell('Name')),
      ...(asText(cell('URL')) ? { url: asText(cell('URL')) } : {}),
      ...(asText(cell('Stored file')) ? { storedFile: asText(cell('Stored file')) } : {}),
      ...(asText(cell('File type')) ? { fileType: asText(cell('File type')) } : {}),
      ...(asFlag(cell('For practice manager')) !== undefined
        ? { forPracticeManager: asFlag(cell('For practice manager')) }
        : {}),
      ...(asFlag(cell('For surveyor')) !== undefined ? { forSurveyor: asFlag(cell('For surveyor')) } : {}),
    });
    at(['sets', known.set, 'indicators', known.index, 'resources', known.indicator.resources.length - 1], {
      sheet: RESOURCES_SHEET,
      row: index + 1,
    });
  }
}

/** The header row's columns by name; every column of the template is needed (in any order). */
function headerColumns<T extends string>(
  header: CellValue[],
  names: readonly T[],
  sheet: string,
  problems: TEditionFileProblem[],
): Map<T, number> | null {
  const found = new Map<T, number>();
  for (const name of names) {
    const index = header.findIndex((cell) => asText(cell)?.toLowerCase() === name.toLowerCase());
    if (index < 0)
      problems.push({
        sheet,
        line: 1,
        path: '',
        message: `Sheet ${sheet} has no column ${name}: start from the template.`,
      });
    else found.set(name, index);
  }
  return found.size === names.length ? found : null;
}

function refuse(problems: TEditionFileProblem[]): EditionFileReading {
  const sorted = [...problems].sort(
    (a, b) => (a.sheet ?? '').localeCompare(b.sheet ?? '') || (a.line ?? 0) - (b.line ?? 0),
  );
  return { ok: false, problems: sorted.slice(0, EDITION_PROBLEMS_SHOWN), total: problems.length };
}
