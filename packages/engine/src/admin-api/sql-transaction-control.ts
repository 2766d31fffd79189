/**
 * Finds a top-level transaction-control statement (BEGIN, START TRANSACTION, COMMIT, END,
 * ROLLBACK, ABORT, PREPARE TRANSACTION) in SQL sent with the simple query protocol: such a
 * statement would end run_sql's own transaction, and what follows would run outside it (review
 * F3). A small lexer, not a parser: it skips string constants ('…', E'…' with backslash escapes),
 * quoted identifiers, dollar-quoted bodies, comments (nested block comments too) and the bodies of
 * SQL-standard functions (`BEGIN ATOMIC … END`), and looks at the first words of each statement.
 * Savepoints (SAVEPOINT, RELEASE, ROLLBACK TO) stay inside the transaction and are allowed.
 * Returns the statement's first words as written (e.g. `COMMIT`), or null. `standardStrings`: the
 * session's standard_conforming_strings (PostgreSQL lexes the whole text with it before running).
 */
export function transactionControl(sql: string, options: { standardStrings?: boolean } = {}): string | null {
  /** With standard_conforming_strings off, a backslash escapes in every string constant. */
  const backslashes = options.standardStrings === false;
  const n = sql.length;
  let i = 0;
  /** The words of the current statement (lower case), and their text as written. */
  let words: string[] = [];
  let written: string[] = [];
  /** Inside `BEGIN ATOMIC … END`: depth of the END-terminated blocks (CASE … END too). */
  let atomic = 0;

  const judge = (): string | null => {
    const [first, second] = words;
    const text = written.slice(0, 2).join(' ');
    if (!first) return null;
    if (first === 'commit' || first === 'end' || first === 'abort' || first === 'begin') return text;
    if (first === 'start' && second === 'transaction') return text;
    if (first === 'prepare' && second === 'transaction') return text;
    if (first === 'rollback' && second !== 'to') return text;
    return null;
  };

  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      continue;
    }
    if (c === "'") {
      const escapes = backslashes || (i > 0 && /[eE]/.test(sql[i - 1]!) && !/[\w$]/.test(sql[i - 2] ?? ' '));
      i++;
      while (i < n) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      words.push("'");
      written.push("'");
      continue;
    }
    if (c === '"') {
      i++;
      while (i < n && !(sql[i] === '"' && sql[i + 1] !== '"')) i += sql[i] === '"' ? 2 : 1;
      i++;
      words.push('"');
      written.push('"');
      continue;
    }
    if (c === '$') {
      const tag = /^\$([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? n : end + tag[0].length;
        words.push('$');
        written.push('$');
        continue;
      }
    }
    if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const start = i;
      while (i < n && /[\w$\u0080-\uffff]/.test(sql[i]!)) i++;
      const word = sql.slice(start, i);
      const lower = word.toLowerCase();
      const previous = words[words.length - 1];
      words.push(lower);
      written.push(word);
      if (lower === 'atomic' && previous === 'begin' && words.length > 2) atomic++;
      else if (atomic > 0 && lower === 'case') atomic++;
      else if (atomic > 0 && lower === 'end') atomic--;
      continue;
    }
    if (c === ';' && atomic === 0) {
      const found = judge();
      if (found) return found;
      words = [];
      written = [];
    }
    i++;
  }
  return judge();
}
