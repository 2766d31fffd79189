import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation/field-errors.ts';
import { RESOURCE_MESSAGES, ZResourceFormSchema } from './resources.ts';

const base = {
  resourceId: null,
  kind: 'FACTSHEET',
  name: ' Hand hygiene ',
  category: 'Infection control',
  description: '',
  forPm: true,
  forSurveyor: false,
  url: null,
  storageKey: 'resources/general/x/hand-hygiene.pdf',
};
const errorsOf = (input: Record<string, unknown>) => {
  const result = ZResourceFormSchema.safeParse({ ...base, ...input });
  return result.success ? {} : fieldErrors(result.error);
};

describe('ZResourceFormSchema', () => {
  it('takes a file or a link, trims the text and makes empty optional values null', () => {
    expect(ZResourceFormSchema.parse(base)).toMatchObject({
      name: 'Hand hygiene',
      description: '',
      url: null,
    });
    const link = ZResourceFormSchema.parse({ ...base, storageKey: undefined, url: ' https://a.example/x ' });
    expect(link).toMatchObject({ url: 'https://a.example/x', storageKey: null, resourceId: null });
  });

  it('needs a name, a category and someone to see it', () => {
    expect(errorsOf({ name: '  ', category: '' })).toEqual({
      name: RESOURCE_MESSAGES.required,
      category: RESOURCE_MESSAGES.required,
    });
    expect(errorsOf({ forPm: false, forSurveyor: false })).toEqual({
      forPm: RESOURCE_MESSAGES.audienceRequired,
    });
  });

  it('needs exactly one of a file and a link, except an edit that keeps its file', () => {
    expect(errorsOf({ storageKey: null })).toEqual({ url: RESOURCE_MESSAGES.fileOrUrl });
    expect(errorsOf({ url: 'https://a.example' })).toEqual({ url: RESOURCE_MESSAGES.fileOrUrl });
    expect(errorsOf({ storageKey: null, resourceId: 7 })).toEqual({});
  });

  it('takes only http and https addresses', () => {
    for (const url of ['ftp://a.example', 'javascript:alert(1)', 'https://', 'www.example.com'])
      expect(errorsOf({ storageKey: null, url }), url).toEqual({ url: RESOURCE_MESSAGES.urlInvalid });
    expect(errorsOf({ storageKey: null, url: 'http://a.example/path?q=1' })).toEqual({});
  });

  it('bounds the lengths', () => {
    expect(errorsOf({ name: 'x'.repeat(201) })).toEqual({ name: RESOURCE_MESSAGES.nameTooLong });
    expect(errorsOf({ category: 'x'.repeat(61) })).toEqual({ category: RESOURCE_MESSAGES.categoryTooLong });
    expect(errorsOf({ description: 'x'.repeat(501) })).toEqual({
      description: RESOURCE_MESSAGES.descriptionTooLong,
    });
  });
});
