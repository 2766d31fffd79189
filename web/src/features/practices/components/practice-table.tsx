import { Anchor, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { PRACTICE_LIST_PAGE_SIZE, practiceStaffPath, type TPracticeDueButton } from '@portal/domain';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LockIcon } from '../../../components/icons.tsx';
import { dueButtonColour } from '../../../config/colours.ts';
import type { TPracticeRow } from '../model/practice-row.ts';
import { ColumnFilter } from './column-filter.tsx';
import classes from './practice-table.module.css';
import { StatusBadge } from './status-badge.tsx';

export interface PracticeTableProps {
  rows: TPracticeRow[];
  /** No answer yet: skeleton rows. */
  loading: boolean;
  /** Shown in place of rows when there are none. */
  emptyMessage: string;
  stateFilter: {
    options: ReadonlyArray<{ value: string; label: string }>;
    value: string | null;
    onChange(v: string | null): void;
  };
  networkFilter: {
    options: ReadonlyArray<{ value: string; label: string }>;
    value: string | null;
    onChange(v: string | null): void;
  };
  /** The practice whose payment page is being fetched (its button spins). */
  paymentPendingFor: number | null;
  onPayment(practiceId: number): void;
}

const COLUMNS = 10;

/**
 * Below this width the table scrolls sideways (the Practice column stays pinned) rather than
 * squeezing its columns further: 1280 px with the navigation drawer open still fits (~950 px).
 */
const MIN_TABLE_WIDTH = 860;

/**
 * While the first page loads: a full page of placeholder rows as tall as a row of text (a 14 px bar
 * with 3 px above and below), so the pager and the footer start below the fold and the rows that
 * replace them move nothing on screen (six short rows did: a layout shift of 0.35). The bars are
 * plain elements: 250 Skeleton components cost the first render more than the rows do.
 */
const SKELETON_ROWS = Array.from({ length: PRACTICE_LIST_PAGE_SIZE }, (_, i) => (
  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
  <Table.Tr key={i}>
    {Array.from({ length: COLUMNS }, (_, j) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
      <Table.Td key={j}>
        <div className={classes.skeletonBar} style={j === 0 ? { width: '80%' } : undefined} />
      </Table.Td>
    ))}
  </Table.Tr>
));

/** The paged table of the practice list (spec 000 §2 columns). */
export function PracticeTable(props: PracticeTableProps) {
  const { rows, loading, emptyMessage, stateFilter, networkFilter } = props;
  return (
    <Table.ScrollContainer minWidth={MIN_TABLE_WIDTH} type="native" className={classes.scroller}>
      <Table verticalSpacing={10} horizontalSpacing={6} className={classes.table} highlightOnHover={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.sticky}>Practice</Table.Th>
            <Table.Th>Suburb</Table.Th>
            <Table.Th>
              <Group gap={2} wrap="nowrap">
                State
                <ColumnFilter label="state" allLabel="All states" {...stateFilter} />
              </Group>
            </Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>QAM</Table.Th>
            <Table.Th>
              <Group gap={2} wrap="nowrap">
                Network
                <ColumnFilter label="network" allLabel="All networks" {...networkFilter} />
              </Group>
            </Table.Th>
            <Table.Th>Cycle</Table.Th>
            <Table.Th className={classes.dateHead}>SA Due</Table.Th>
            <Table.Th className={classes.dateHead}>SV Scheduled</Table.Th>
            <Table.Th className={classes.dateHead}>SV Booked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && rows.length === 0 ? (
            SKELETON_ROWS
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS}>
                <Text ta="center" c="dimmed" py={48} fw={500}>
                  {emptyMessage}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => <PracticeTableRow key={row.id} row={row} {...props} />)
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PracticeTableRow({
  row,
  paymentPendingFor,
  onPayment,
}: { row: TPracticeRow } & Pick<PracticeTableProps, 'paymentPendingFor' | 'onPayment'>) {
  const navigate = useNavigate();
  const open = () => navigate(practiceStaffPath(row.id));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      open();
    }
  };
  return (
    <Table.Tr
      className={row.locked ? classes.locked : classes.row}
      data-locked={row.locked || undefined}
      data-testid={`practice-row-${row.id}`}
      onClick={row.locked ? undefined : open}
      onKeyDown={row.locked ? undefined : onKeyDown}
      tabIndex={row.locked ? undefined : 0}
      aria-disabled={row.locked || undefined}
    >
      <Table.Td className={classes.sticky}>
        <Group gap={8} wrap="nowrap" align="flex-start">
          {row.locked ? (
            <Tooltip label="This practice is locked while its payment is pending" withArrow>
              <Text span c="dimmed" lh={1} mt={2}>
                <LockIcon size={15} title="Locked" />
              </Text>
            </Tooltip>
          ) : null}
          <div className={classes.nameCell}>
            {row.locked ? (
              <Text fw={600} fz={13} c="dimmed">
                {row.name}
              </Text>
            ) : (
              <Anchor
                component={Link}
                to={practiceStaffPath(row.id)}
                fw={600}
                fz={13}
                c="var(--mantine-color-text)"
                onClick={(event: MouseEvent) => event.stopPropagation()}
              >
                {row.name}
              </Anchor>
            )}
            {row.dueButton ? (
              <DueButton
                button={row.dueButton}
                practiceId={row.id}
                loading={paymentPendingFor === row.id}
                onPayment={onPayment}
              />
            ) : null}
          </div>
        </Group>
      </Table.Td>
      <Table.Td className={classes.suburb}>{row.suburb}</Table.Td>
      <Table.Td>{row.state}</Table.Td>
      <Table.Td>
        <span className={classes.nowrap}>{row.expiry}</span>
        {row.extendedFrom ? (
          <Text fz={11} c="dimmed" lh={1.35} mt={2} className={classes.hint}>
            Extended from
            <br />
            {row.extendedFrom}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td className={classes.person}>{row.qam}</Table.Td>
      <Table.Td className={classes.network}>{row.network}</Table.Td>
      <Table.Td className={classes.nowrap}>
        <StatusBadge status={row.cycleStatus} size="sm" className={classes.badge} />
      </Table.Td>
      <Table.Td className={classes.nowrap}>{row.selfAssessmentDue}</Table.Td>
      <Table.Td className={classes.nowrap}>{row.surveyVisitScheduled}</Table.Td>
      <Table.Td className={classes.nowrap}>{row.surveyVisitBooked}</Table.Td>
    </Table.Tr>
  );
}

function DueButton({
  button,
  practiceId,
  loading,
  onPayment,
}: {
  button: TPracticeDueButton;
  practiceId: number;
  loading: boolean;
  onPayment(practiceId: number): void;
}) {
  const stop = (event: MouseEvent) => event.stopPropagation();
  const color = dueButtonColour(button.kind);
  if (button.kind === 'RENEWAL_PAYMENT_DUE') {
    return (
      <Button
        size="compact-xs"
        fz={11}
        variant="light"
        color={color}
        mt={6}
        loading={loading}
        onClick={(event) => {
          stop(event);
          onPayment(practiceId);
        }}
      >
        {button.label}
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={button.path}
      size="compact-xs"
      fz={11}
      variant="light"
      color={color}
      mt={6}
      onClick={stop}
    >
      {button.label}
    </Button>
  );
}
