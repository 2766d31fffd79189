import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that says what is loading: a status a screen reader announces by its label
 * (an `aria-label` on Mantine's plain `span` would be a name nothing reads; axe's
 * aria-prohibited-attr).
 */
export function Loading({ label, ...props }: LoaderProps & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}
