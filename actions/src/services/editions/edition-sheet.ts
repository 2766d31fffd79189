import {
  canonicalEditionFile,
  checkEditionFile,
  EDITION_FILE_FORMAT,
  editionPath,
  type TEditionFile,
  type TEditionFileProblem,
} from '@portal/domain';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile, { type Cell } from 'write-excel-file/node';
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

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const text = (value: string | undefined): Cell => (value ? { value, type: String } : null);

/** The edition as a workbook, canonical as the JSON export: importing it gives the edition back. */
export async function writeEditionWorkbook(edition: TEditionFile): Promise<Uint8Array> {
  const file = canonicalEditionFile(edition);
  const header = (columns: readonly string[]): Cell[] =>
    columns.map((value) => ({ value, fontWeight: 'bold' }));
  const standards: Cell[][] = [header(STANDARDS_COLUMNS)];
  const resources: Cell[][] = [header(RESOURCES_COLUMNS)];
  for (const set of edition.sets)
    for (const indicator of set.indicators) {
      const row = (question?: string, item?: { text: string; mustHave: boolean }): Cell[] => [
        text(set.code),
        text(set.name),
        text(set.type),
        text(indicator.code),
        text(indicator.criterion),
        text(indicator.name),
        text(indicator.description),
        text(yesNo(indicator.mandatory)),
        text(yesNo(indicator.flagged)),
        indicator.evidenceLookbackMonths ? { value: indicator.evidenceLookbackMonths, type: Number } : null,
        text(question),
        text(item?.text),
        item ? text(yesNo(item.mustHave)) : null,
      ];
      if (!indicator.checklists.length) standards.push(row());
      for (const checklist of indicator.checklists)
        for (const item of checklist.items) standards.push(row(checklist.question, item));
      for (const resource of indicator.resources)
        resources.push([
          text(indicator.code),
          text(resource.name),
          text(resource.url),
          text(resource.storedFile),
          text(resource.fileType),
          text(yesNo(resource.forPracticeManager)),
          text(yesNo(resource.forSurveyor)),
        ]);
    }
  const editionRows: Cell[][] = [
    [text(EDITION_KEYS.format), text(file.format)],
    [text(EDITION_KEYS.code), text(file.code)],
    [text(EDITION_KEYS.name), text(file.name)],
    [text(EDITION_KEYS.effectiveFrom), text(file.effectiveFrom)],
  ];
  return writeXlsxFile([
    { data: editionRows, sheet: EDITION_SHEET, columns: [{ width: 16 }, { width: 60 }] },
    {
      data: standards,
      sheet: STANDARDS_SHEET,
      stickyRowsCount: 1,
      columns: STANDARDS_COLUMNS.map((name) => ({
        width: /name|description|Question|Item$/.test(name) ? 40 : 14,
      })),
    },
    {
      data: resources,
      sheet: RESOURCES_SHEET,
      stickyRowsCount: 1,
      columns: RESOURCES_COLUMNS.map(() => ({ width: 24 })),
    },
  ]).toBuffer();
}

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

  type RawIndicator = Record<string, unknown> & {
    checklists: Array<{ question: string; items: unknown[] }>;
    resources: unknown[];
  };
  const sets: Array<Record<string, unknown> & { indicators: RawIndicator[] }> = [];
  const indicatorsByCode = new Map<
    string,
    { set: number; index: number; indicator: RawIndicator; row: number }
  >();
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
  for (const [index, row] of (resourcesSheet ?? []).entries()) {
    if (index === 0 || row.every(blank)) continue;
    const cell = (name: (typeof RESOURCES_COLUMNS)[number]) => row[resourceColumns!.get(name)!] as CellValue;
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

/** The template to start from: a small example edition as a workbook. */
export function editionTemplate(): Promise<Uint8Array> {
  return writeEditionWorkbook({
    format: EDITION_FILE_FORMAT,
    code: 'GPS-7',
    name: 'General Practice Standards, 7th edition',
    effectiveFrom: '2027-07-01',
    sets: [
      {
        code: 'C1',
        name: 'Core: Communication and patient participation',
        type: 'STANDARDS',
        indicators: [
          {
            code: 'C1.1A',
            criterion: 'C1.1',
            name: 'Patients can contact the practice and know its hours.',
            mandatory: true,
            flagged: false,
            checklists: [
              {
                question: 'Does the practice publish its opening hours?',
                items: [
                  { text: 'On its website', mustHave: true },
                  { text: 'At the front door', mustHave: false },
                ],
              },
            ],
            resources: [
              {
                name: 'Guide to opening hours',
                url: 'https://example.org/hours',
                forPracticeManager: true,
                forSurveyor: false,
              },
            ],
          },
          {
            code: 'C1.2A',
            name: 'Patients are told of fees before they are charged.',
            mandatory: true,
            flagged: false,
            checklists: [],
            resources: [],
          },
        ],
      },
    ],
  });
}
