import { Alert } from '@mantine/core';

const Icon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
    <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M12 7.5v5.5M12 16.2v.3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/** The server's message about a whole form (wrong password, expired link, …). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      radius="md"
      icon={<Icon />}
      styles={{ message: { fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      {message}
    </Alert>
  );
}
