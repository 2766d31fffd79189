import { Alert, Anchor } from '@mantine/core';
import { PRACTICE_LIST_PATH } from '@portal/domain';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';

/** A practice page whose practice is missing or not the user's: says so and leads back to the list. */
export function PracticeUnavailable({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert color="red" variant="light" role="alert" title="This practice could not be opened">
        It may not exist, or you may not have access to it.{' '}
        <Anchor component={Link} to={PRACTICE_LIST_PATH}>
          Back to your practices
        </Anchor>
      </Alert>
    </>
  );
}
