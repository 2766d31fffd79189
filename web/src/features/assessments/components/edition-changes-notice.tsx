import { Alert, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { EDITION_CHANGES_MESSAGES } from '@portal/domain';
import { lazy, Suspense, useState } from 'react';
import { useEditionChanges } from '../hooks/use-edition-changes.ts';

// The view and its PDF button load when the button is first pressed (the bundle budget).
const EditionChangesView = lazy(() =>
  import('./edition-changes-view.tsx').then((m) => ({ default: m.EditionChangesView })),
);

/**
 * On the Accreditation tab, when a newer published edition is mapped from the current
 * assessment's (or the assessment was moved to one): a note saying so, and the button "What
 * changes for us" opening the practice's view of it (issue 30). Nothing when there is none, or
 * when it could not be read (the tab's own content matters more).
 */
export function EditionChangesNotice({
  practiceId,
  mover = false,
  onMoved,
}: {
  practiceId: number;
  /** The back office (a QAM or provider admin) may move the practice from the view, and undo it. */
  mover?: boolean;
  /** After a move or an undo: the tab's own list reloads. */
  onMoved?(): void;
}) {
  const { data, reload } = useEditionChanges(practiceId);
  const [open, setOpen] = useState(false);
  if (!data || data.state === 'NONE' || !data.newer) return null;
  const moved = data.state === 'MOVED';
  return (
    <>
      <Alert
        variant="light"
        color="brand"
        role="region"
        title={moved ? `Moved to ${data.newer.name}` : `${data.newer.name} is published`}
      >
        <Group justify="space-between" gap="sm">
          <Text fz="sm" style={{ flex: '1 1 22rem' }}>
            {moved
              ? 'This practice’s answers were carried to the newer edition of the standards. See what was carried and what is left to review.'
              : 'See what this newer edition of the standards changes for this practice, and what would happen to its answers when it moves to it.'}
          </Text>
          <Button
            variant="filled"
            size="sm"
            onClick={() => {
              setOpen(true);
              void reload();
            }}
          >
            {EDITION_CHANGES_MESSAGES.button}
          </Button>
        </Group>
      </Alert>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={EDITION_CHANGES_MESSAGES.title}
        size="xl"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
          <EditionChangesView
            practiceId={practiceId}
            changes={data}
            onMoved={
              mover
                ? () => {
                    void reload();
                    onMoved?.();
                  }
                : undefined
            }
          />
        </Suspense>
      </Modal>
    </>
  );
}
