import { Alert } from '@mantine/core';

/** The server's message about a whole form (wrong password, expired link, …). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" radius="md">
      {message}
    </Alert>
  );
}
