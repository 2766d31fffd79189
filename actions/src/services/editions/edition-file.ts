import {
  canonicalEditionFile,
  checkEditionFile,
  EDITION_FILE_MAX_BYTES,
  editionPath,
  type TEditionFile,
  type TEditionFileProblem,
  type TEditionIssue,
} from '@portal/domain';
import { type ParseError, parse as parseJson, printParseErrorCode } from 'jsonc-parser';
import { type Document, isMap, isSeq, LineCounter, type Node, parseDocument, stringify } from 'yaml';

/** The formats an edition file is written in. */
export type EditionFileFormat = 'json' | 'yaml';

/** jsonc-parser's error codes in words. */
const JSON_ERRORS: Record<string, string> = {
  InvalidSymbol: 'a character that is not JSON',
  InvalidNumberFormat: 'a number written wrongly',
  PropertyNameExpected: 'a key in double quotes is missing',
  ValueExpected: 'a value is missing',
  ColonExpected: 'a colon is missing after the key',
  CommaExpected: 'a comma is missing',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'something follows the end of the file',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'a comment is not closed',
  UnexpectedEndOfString: 'a text is not closed with "',
  UnexpectedEndOfNumber: 'a number is cut off',
  InvalidUnicode: 'a \\u escape is wrong',
  InvalidEscapeCharacter: 'a \\ escape is wrong',
  InvalidCharacter: 'a character is not allowed inside a text',
};

/** At most this many problems are listed (a wrong file can have thousands). */
export const EDITION_PROBLEMS_SHOWN = 200;

export type EditionFileReading =
  | { ok: true; edition: TEditionFile }
  | { ok: false; problems: TEditionFileProblem[]; total: number };

/** The node at `path` of the document's tree, or the deepest one on the way there. */
function nodeAt(root: Node | null, path: readonly PropertyKey[]): Node | null {
  let node: Node | null = root;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => (item.key as { value?: unknown } | null)?.value === key);
      if (!pair) return node;
      node = (pair.value as Node | null) ?? (pair.key as Node);
    } else if (isSeq(node) && typeof key === 'number') {
      const next = node.items[key] as Node | undefined;
      if (!next) return node;
      node = next;
    } else return node;
  }
  return node;
}

/** A text read as JSON or YAML: its document and line counter, or the problems of its syntax. */
export type ParsedFileText =
  | { ok: true; document: Document.Parsed; lines: LineCounter }
  | { ok: false; problems: TEditionFileProblem[]; total: number };

/**
 * Reads a file's text as JSON or YAML (JSON is YAML too, so one parser gives both a line for every
 * value; a text that starts like JSON is checked as strict JSON first): its document, or every
 * problem of its syntax (at most `EDITION_PROBLEMS_SHOWN`). Also used by the mapping files.
 */
export function parseFileText(text: string, maxBytes: number): ParsedFileText {
  if (Buffer.byteLength(text) > maxBytes)
    return {
      ok: false,
      total: 1,
      problems: [
        {
          line: null,
          path: '',
          message: `The file is larger than ${maxBytes / 1024 / 1024} MB: split it or shorten its texts.`,
        },
      ],
    };
  const lines = new LineCounter();
  const problems: TEditionFileProblem[] = [];
  // A file that looks like JSON is read as JSON first: YAML would take `"code": }` as a null.
  if (/^\s*[{[]/.test(text)) {
    const errors: ParseError[] = [];
    parseJson(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    for (const error of errors)
      problems.push({
        line: text.slice(0, error.offset).split('\n').length,
        path: '',
        message: `The file is not valid JSON here: ${JSON_ERRORS[printParseErrorCode(error.error)] ?? printParseErrorCode(error.error)}.`,
      });
  }
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  for (const error of document.errors)
    problems.push({
      line: lines.linePos(error.pos[0]).line,
      path: '',
      message: `The file is not valid JSON or YAML here: ${error.message.split('\n')[0]}`,
    });
  if (problems.length)
    return { ok: false, problems: problems.slice(0, EDITION_PROBLEMS_SHOWN), total: problems.length };
  return { ok: true, document, lines };
}

/** Problems at places of a parsed file, each given its line, in the file's order (the first `EDITION_PROBLEMS_SHOWN`). */
export function locateIssues(
  parsed: { document: Document.Parsed; lines: LineCounter },
  issues: readonly TEditionIssue[],
): { problems: TEditionFileProblem[]; total: number } {
  const problems = issues.map((issue) => {
    const node = nodeAt(parsed.document.contents, issue.path);
    return {
      line: node?.range ? parsed.lines.linePos(node.range[0]).line : null,
      path: editionPath(issue.path),
      message: issue.message,
    };
  });
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { problems: problems.slice(0, EDITION_PROBLEMS_SHOWN), total: problems.length };
}

/**
 * Reads an edition file: the edition, or every problem with its line and place, at most
 * `EDITION_PROBLEMS_SHOWN` of them. Nothing is stored here.
 */
export function readEditionFile(text: string): EditionFileReading {
  const parsed = parseFileText(text, EDITION_FILE_MAX_BYTES);
  if (!parsed.ok) return parsed;
  const checked = checkEditionFile(parsed.document.toJS({ maxAliasCount: 0 }));
  if (checked.ok) return { ok: true, edition: checked.edition };
  return { ok: false, ...locateIssues(parsed, checked.issues) };
}

/** The edition as a file: canonical (defaults written out), so exporting what was imported gives it back. */
export function writeEditionFile(edition: TEditionFile, format: EditionFileFormat): string {
  const file = canonicalEditionFile(edition);
  return format === 'json' ? `${JSON.stringify(file, null, 2)}\n` : stringify(file, { lineWidth: 0 });
}
