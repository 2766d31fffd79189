import { canonicalEditionFile, EDITION_FILE_FORMAT, type TEditionFile } from '@portal/domain';
import writeXlsxFile, { type Cell } from 'write-excel-file/node';
import {
  EDITION_SHEET,
  RESOURCES_COLUMNS,
  RESOURCES_SHEET,
  STANDARDS_COLUMNS,
  STANDARDS_SHEET,
} from './edition-sheet.ts';

/** An edition written as the workbook `readEditionWorkbook` reads (edition-sheet.ts). */

const EDITION_LABELS = {
  format: 'Format',
  code: 'Code',
  name: 'Name',
  effectiveFrom: 'Effective from',
} as const;

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
    [text(EDITION_LABELS.format), text(file.format)],
    [text(EDITION_LABELS.code), text(file.code)],
    [text(EDITION_LABELS.name), text(file.name)],
    [text(EDITION_LABELS.effectiveFrom), text(file.effectiveFrom)],
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
