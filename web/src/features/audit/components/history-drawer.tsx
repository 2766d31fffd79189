import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  AUDIT_MESSAGES,
  auditActorLabel,
  auditChanges,
  auditPreview,
  auditSummary,
  formatAuditDateTime,
  type TAuditChange,
  type TAuditEntry,
  type TAuditSubject,
} from '@portal/domain';
import { type ReactNode, useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { AUDIT_OPERATION_COLOURS } from '../../../config/colours.ts';
import { useAuditHistory } from '../api/use-audit-history.ts';
import classes from './history-drawer.module.css';

/** A created or deleted row lists this many of its fields before 'Show all fields'. */
const FIELDS_SHOWN = 6;

export interface HistoryButtonProps {
  subject: TAuditSubject;
  id: number;
  /** What the record is called in the drawer's title: 'History: <what>'. */
  what: string;
  /** The button's accessible name when several History buttons share a screen (it starts with 'History'). */
  label?: string;
  size?: 'xs' | 'sm' | 'compact-sm' | 'compact-xs';
  variant?: 'default' | 'subtle' | 'light';
}

/**
 * 'History' and its drawer, 'History: <what>': the record's changes from the audit log, newest
 * first, 20 at a time. Render it only for the back office (`canReadAuditTrail`); the actions
 * service refuses everyone else.
 */
export function HistoryButton({
  subject,
  id,
  what,
  label,
  size = 'sm',
  variant = 'default',
}: HistoryButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        onClick={() => setOpened(true)}
        aria-label={label}
        aria-haspopup="dialog"
        style={{ flexShrink: 0 }}
      >
        History
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="xl"
        title={<Text fw={700} fz="lg">{`History: ${what}`}</Text>}
        closeButtonProps={{ 'aria-label': 'Close history' }}
      >
        {opened ? <HistoryList subject={subject} id={id} /> : null}
      </Drawer>
    </>
  );
}

function HistoryList({ subject, id }: { subject: TAuditSubject; id: number }) {
  const history = useAuditHistory(subject, id);
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Every recorded change, newest first: who made it, when, and the values before and after.
      </Text>
      {history.entries.length > 0 ? (
        <Stack component="ol" gap="sm" className={classes.list} aria-label="Changes">
          {history.entries.map((entry) => (
            <li key={entry.id}>
              <HistoryEntry entry={entry} people={history.people} />
            </li>
          ))}
        </Stack>
      ) : null}
      {!history.loading && !history.error && history.entries.length === 0 ? (
        <Text c="dimmed">{AUDIT_MESSAGES.empty}</Text>
      ) : null}
      {history.error ? (
        <Alert color="red" variant="light" role="alert" title="History unavailable">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{history.error}</Text>
            <Button size="xs" variant="default" onClick={history.loadMore}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {history.loading ? (
        <Group justify="center" py="md">
          <Loading size="sm" label="Loading history" />
        </Group>
      ) : history.hasMore && !history.error ? (
        <Button variant="default" onClick={history.loadMore} style={{ alignSelf: 'center' }}>
          Load more
        </Button>
      ) : null}
    </Stack>
  );
}

function HistoryEntry({ entry, people }: { entry: TAuditEntry; people: Record<string, string> }) {
  const changes = auditChanges(entry, { people });
  const summary = auditSummary(entry);
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={summary}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Badge size="sm" variant="light" color={AUDIT_OPERATION_COLOURS[entry.operation]} aria-hidden>
            {entry.operation === 'INSERT' ? 'New' : entry.operation === 'DELETE' ? 'Deleted' : 'Edit'}
          </Badge>
          <Text fw={600} fz="sm" component="h3" m={0}>
            {summary}
          </Text>
        </Group>
        <Text fz="sm" c="dimmed">
          <time dateTime={entry.changedAt}>{formatAuditDateTime(entry.changedAt)}</time>
        </Text>
      </Group>
      <Text fz="sm" mt={2}>
        <Text span c="dimmed" fz="sm">
          By{' '}
        </Text>
        {auditActorLabel(entry)}
      </Text>
      {changes.length > 0 ? (
        entry.operation === 'UPDATE' ? (
          <ChangeTable changes={changes} />
        ) : (
          <ValueTable changes={changes} deleted={entry.operation === 'DELETE'} />
        )
      ) : (
        <Text fz="sm" c="dimmed" mt={4}>
          No field values to show.
        </Text>
      )}
    </Paper>
  );
}

function ChangeTable({ changes }: { changes: TAuditChange[] }) {
  return (
    <Table mt="xs" fz="sm" layout="fixed" verticalSpacing={4} className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w="28%">
            Field
          </Table.Th>
          <Table.Th scope="col">Before</Table.Th>
          <Table.Th scope="col">After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Th scope="row" fw={500}>
              {change.label}
            </Table.Th>
            <Table.Td>
              <Value text={change.before} old />
            </Table.Td>
            <Table.Td>
              <Value text={change.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ValueTable({ changes, deleted }: { changes: TAuditChange[]; deleted: boolean }) {
  const [all, setAll] = useState(false);
  const shown = all ? changes : changes.slice(0, FIELDS_SHOWN);
  return (
    <>
      <Table mt="xs" fz="sm" layout="fixed" verticalSpacing={4} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="28%">
              Field
            </Table.Th>
            <Table.Th scope="col">{deleted ? 'Last value' : 'Value'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((change) => (
            <Table.Tr key={change.field}>
              <Table.Th scope="row" fw={500}>
                {change.label}
              </Table.Th>
              <Table.Td>
                <Value text={deleted ? change.before : change.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {changes.length > FIELDS_SHOWN ? (
        <Button
          variant="subtle"
          size="compact-sm"
          mt={4}
          onClick={() => setAll((value) => !value)}
          aria-expanded={all}
        >
          {all ? 'Show fewer fields' : `Show all ${changes.length} fields`}
        </Button>
      ) : null}
    </>
  );
}

/** A value; blank shows as an em dash read as 'empty'; long texts shortened with 'Show more'. */
function Value({ text, old = false }: { text: string | null; old?: boolean }): ReactNode {
  const [expanded, setExpanded] = useState(false);
  if (text === null)
    return (
      <Text span c="dimmed" fz="sm">
        <span aria-hidden>—</span>
        <VisuallyHidden>empty</VisuallyHidden>
      </Text>
    );
  const preview = auditPreview(text);
  return (
    <Text span fz="sm" className={old ? classes.old : classes.value}>
      {preview && !expanded ? preview : text}
      {preview ? (
        <>
          {' '}
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setExpanded((value) => !value)}
            aria-expanded={expanded}
          >
            {expanded ? 'Show less' : 'Show more'}
          </Button>
        </>
      ) : null}
    </Text>
  );
}
