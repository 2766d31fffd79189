import { describe, expect, it } from 'vitest';
import { isNumberFieldKey, numberFieldMessage, ZNumberFieldSchema } from './number-field.ts';

const messageOf = (value: unknown) => ZNumberFieldSchema.safeParse(value).error?.issues[0]?.message;

describe('the number-field rule (spec 002 §5, §9)', () => {
  it("says 'Max is 999' for a number greater than 999", () => {
    expect(numberFieldMessage('1000')).toBe('Max is 999');
    expect(numberFieldMessage('12345')).toBe('Max is 999');
    expect(messageOf('1000')).toBe('Max is 999');
  });

  it("says 'Number cannot start with a 0' for a leading zero", () => {
    expect(numberFieldMessage('01')).toBe('Number cannot start with a 0');
    expect(numberFieldMessage('007')).toBe('Number cannot start with a 0');
    expect(numberFieldMessage('00')).toBe('Number cannot start with a 0');
    // A leading zero is named even when the number is also too big.
    expect(numberFieldMessage('01000')).toBe('Number cannot start with a 0');
  });

  it("says 'Value has to be a number' for anything that is not a non-negative whole number", () => {
    for (const value of ['x', '-1', '1.5', '1e3', ' ', '', '12a', '+3', '١٢']) {
      expect(numberFieldMessage(value), value).toBe('Value has to be a number');
    }
    expect(messageOf('-1')).toBe('Value has to be a number');
  });

  it('accepts 0 and 1 to 999, around spaces', () => {
    for (const value of ['0', '1', '10', '999', ' 42 ']) {
      expect(numberFieldMessage(value), value).toBeNull();
      expect(ZNumberFieldSchema.safeParse(value).success, value).toBe(true);
    }
    expect(ZNumberFieldSchema.parse(' 42 ')).toBe('42');
  });

  it("requires a value: 'Required.' when empty or missing", () => {
    expect(messageOf('')).toBe('Required.');
    expect(messageOf('  ')).toBe('Required.');
    expect(messageOf(undefined)).toBe('Required.');
  });

  it('lets digits and editing keys through, and nothing else', () => {
    for (const key of [
      '0',
      '5',
      '9',
      'Backspace',
      'Delete',
      'ArrowLeft',
      'ArrowRight',
      'Home',
      'End',
      'Tab',
    ]) {
      expect(isNumberFieldKey(key), key).toBe(true);
    }
    for (const key of ['a', 'e', '-', '+', '.', ',', ' ', 'E']) {
      expect(isNumberFieldKey(key), key).toBe(false);
    }
    expect(isNumberFieldKey('v', { ctrlKey: true })).toBe(true);
    expect(isNumberFieldKey('a', { metaKey: true })).toBe(true);
  });
});
