import { describe, expect, it } from 'vitest';
import { transactionControl } from './sql-transaction-control.ts';

describe('transactionControl (review F3)', () => {
  it("finds a top-level statement that would end run_sql's transaction, however it is written", () => {
    const cases: Array<[string, string]> = [
      ["COMMIT; UPDATE author SET name = 'Zed'", 'COMMIT'],
      ['select 1;commit', 'commit'],
      ['SELECT 1;\n  Commit /* done */ ;', 'Commit'],
      ['END; DROP TABLE x', 'END'],
      ['end transaction', 'end transaction'],
      ['ROLLBACK; BEGIN; UPDATE a SET b = 1; COMMIT', 'ROLLBACK'],
      ['rollback work', 'rollback work'],
      ['ABORT', 'ABORT'],
      ['BEGIN READ WRITE', 'BEGIN READ'],
      ['start transaction read write', 'start transaction'],
      ["PREPARE TRANSACTION 'x'", 'PREPARE TRANSACTION'],
      ["COMMIT PREPARED 'x'", 'COMMIT PREPARED'],
      ["SELECT 'a'; -- a comment; still\nCOMMIT", 'COMMIT'],
      ["SELECT 'it''s'; COMMIT", 'COMMIT'],
      ["SELECT E'a\\'; b'; COMMIT", 'COMMIT'],
      ['SELECT $$;$$; COMMIT', 'COMMIT'],
      ['SELECT "a;b"; COMMIT', 'COMMIT'],
      ['/* /* nested; */ still; */ COMMIT', 'COMMIT'],
    ];
    for (const [sql, found] of cases) expect(transactionControl(sql), sql).toBe(found);
  });

  it('leaves transaction words inside strings, identifiers, comments, bodies and savepoints alone', () => {
    for (const sql of [
      "SELECT 'commit; rollback' AS words",
      'SELECT 1 AS "commit"; SELECT 2 AS "end;commit"',
      '-- COMMIT;\nSELECT 1',
      '/* COMMIT; */ SELECT 1',
      'DO $$ BEGIN PERFORM 1; END $$',
      'DO $body$ BEGIN COMMIT; END $body$',
      'CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT CASE WHEN true THEN 1 END; SELECT 2; END; SELECT f()',
      'SAVEPOINT a; UPDATE t SET x = 1; ROLLBACK TO a; ROLLBACK TO SAVEPOINT a; RELEASE a',
      "SELECT E'it\\'s; COMMIT'",
      'SELECT x.end FROM t AS x; SELECT 1',
      '',
    ])
      expect(transactionControl(sql), sql).toBeNull();
  });

  it('lexes strings as the session does: with standard_conforming_strings off a backslash escapes', () => {
    // Off: 'a\' does not end at the second quote, so the COMMIT is inside the string…
    expect(transactionControl("SELECT 'a\\'; COMMIT; --'", { standardStrings: false })).toBeNull();
    // …and a quote that looks escaped to a standard lexer ends it.
    expect(transactionControl("SELECT 'x\\''; COMMIT; SELECT ''''", { standardStrings: false })).toBe(
      'COMMIT',
    );
    expect(transactionControl("SELECT 'x\\''; COMMIT; SELECT ''''")).toBeNull();
  });
});
