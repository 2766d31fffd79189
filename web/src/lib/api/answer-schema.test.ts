import { describe, expect, it } from 'vitest';
import * as v from './answer-schema.ts';

describe('the answer validator', () => {
  const ZUserSchema = v.object({
    id: v.number(),
    title: v.nullable(v.string()),
    roles: v.array(v.oneOf(['qam', 'surveyor'])),
    enrol: v.optional(v.boolean()),
    tools: v.withDefault(v.boolean(), false),
    inviter: v.nullish(v.string()),
  });

  it('answers only the keys of the shape, a default filled in and an absent optional key left out', () => {
    const parsed = ZUserSchema.safeParse({ id: 3, title: null, roles: ['qam'], extra: 'x', inviter: null });
    expect(parsed).toEqual({
      success: true,
      data: { id: 3, title: null, roles: ['qam'], tools: false, inviter: null },
    });
    expect(parsed.success && 'enrol' in parsed.data).toBe(false);
    expect(parsed.success && 'extra' in parsed.data).toBe(false);
  });

  it('reports every problem with its path', () => {
    const parsed = ZUserSchema.safeParse({ id: '3', title: 4, roles: ['qam', 'admin'], enrol: 'yes' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'id',
      'title',
      'roles.1',
      'enrol',
    ]);
    expect(v.object({ a: v.string() }).safeParse(null).success).toBe(false);
    expect(v.array(v.string()).safeParse({}).success).toBe(false);
    expect(v.number().safeParse(Number.NaN).success).toBe(false);
    expect(v.positiveNumber().safeParse(0).success).toBe(false);
    expect(v.literal(true).safeParse(false).success).toBe(false);
  });

  it('keeps every key of a loose object', () => {
    expect(v.looseObject({ challenge: v.string() }).safeParse({ challenge: 'c', rpId: 'x' })).toEqual({
      success: true,
      data: { challenge: 'c', rpId: 'x' },
    });
  });

  it('answers the first option of a union the value passes, and fails when none does', () => {
    const ZAnswerSchema = v.union([
      v.object({ accessToken: v.string() }),
      v.object({ secondFactorRequired: v.literal(true), challenge: v.string() }),
    ]);
    expect(ZAnswerSchema.safeParse({ secondFactorRequired: true, challenge: 'c', accessToken: 1 })).toEqual({
      success: true,
      data: { secondFactorRequired: true, challenge: 'c' },
    });
    expect(ZAnswerSchema.safeParse({ accessToken: 't', challenge: 'c' })).toEqual({
      success: true,
      data: { accessToken: 't' },
    });
    expect(ZAnswerSchema.safeParse({ challenge: 'c' }).success).toBe(false);
  });
});
