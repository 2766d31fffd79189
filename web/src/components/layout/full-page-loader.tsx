import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center h="60vh" role="status" aria-label={label}>
      <Loader color="brand" type="dots" />
    </Center>
  );
}
