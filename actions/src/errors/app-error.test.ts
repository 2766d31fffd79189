import { describe, expect, it } from 'vitest';
import { AppError, ERROR_MESSAGES } from './app-error.ts';

describe('AppError', () => {
  it('gives generic file codes generic default messages: no route-specific limits or types', () => {
    for (const code of ['file_too_large', 'unsupported_file_type', 'payload_too_large'] as const) {
      expect(ERROR_MESSAGES[code]).not.toMatch(/avatar|image|JPEG|PNG|GIF|2 MB/i);
    }
    expect(new AppError('file_too_large').toJSON()).toEqual({
      code: 'file_too_large',
      message: 'The file is too large.',
    });
    expect(new AppError('unsupported_file_type').statusCode).toBe(415);
  });

  it('lets the throw site word the message for its own case', () => {
    const error = new AppError('file_too_large', { message: 'The file was too large (at most 2 MB).' });
    expect(error.toJSON()).toEqual({
      code: 'file_too_large',
      message: 'The file was too large (at most 2 MB).',
    });
    expect(error.statusCode).toBe(413);
  });
});
