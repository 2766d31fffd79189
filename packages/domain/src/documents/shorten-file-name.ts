/**
 * File names of 10 or more characters are shortened for display: the first 5 characters, '..'
 * and the extension (spec 000 §5, spec 002 §2). 'certificate.pdf' → 'certi..pdf'.
 */
export function shortenFileName(name: string): string {
  if (name.length < 10) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  return `${name.slice(0, 5)}..${extension}`;
}
