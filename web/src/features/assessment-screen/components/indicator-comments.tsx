import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  COMMENT_MAX_LENGTH,
  COMMENTS_PAGE_SIZE,
  canChangeAssessment,
  canEditComment,
  formatShortDate,
  formatTimeOfDay,
  type TOfflineWrite,
  toWireDate,
} from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import { notifyError } from '../../../lib/notify.ts';
import type { TOfflineComment } from '../../assessment-offline/index.ts';
import { AddCommentMutation, type TAssessmentAccess } from '../../assessments/index.ts';
import { isNetworkFailure, usePracticeContext } from '../../practices/index.ts';
import type { GetIndicatorCommentsQuery } from '../api/get-indicator-comments.ts';
import { UpdateCommentMutation } from '../api/update-comment.ts';
import { useIndicatorComments } from '../hooks/use-indicator-comments.ts';

/** When a comment was written, in the reader's zone: dd MMM yy (spec 001 §9) and h:mm am|pm. */
function stamp(instant: string | number): string {
  const at = new Date(instant);
  const time = `${at.getHours()}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `${formatShortDate(toWireDate(at))}, ${formatTimeOfDay(time)}`;
}

type TShownComment = ResultOf<typeof GetIndicatorCommentsQuery>['comments'][number] | TOfflineComment;

/** A comment made offline, shown on top of the list until it is sent. */
function WaitingComment({ write }: { write: TOfflineWrite }) {
  return (
    <Paper withBorder radius="sm" p="xs" component="li" style={{ borderStyle: 'dashed' }}>
      <Text fz="xs" c="dimmed">
        <Text span fw={600} fz="xs" c="var(--mantine-color-text)">
          You
        </Text>{' '}
        · {stamp(write.queuedAt)} · waiting to be sent
      </Text>
      <Text fz="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {String(write.value)}
      </Text>
    </Paper>
  );
}

/**
 * One comment: its author and time, Edit and Delete when `editable`, and while `editing` (the
 * text being edited) its box with Cancel and Save comment.
 */
function IndicatorComment({
  comment: c,
  editable,
  editing,
  onEdit,
  onCancel,
  save,
}: {
  comment: TShownComment;
  editable: boolean;
  editing: string | null;
  onEdit(text: string): void;
  onCancel(): void;
  /** Saves a change; true once it is saved. */
  save(changes: { comment?: string; archived?: boolean }): Promise<boolean>;
}) {
  const author = c.created_by ? `${c.created_by.first_name} ${c.created_by.last_name}` : 'A former user';
  const isEditing = editing !== null;
  return (
    <Paper withBorder radius="sm" p="xs" component="li">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fz="xs" c="dimmed">
          <Text span fw={600} fz="xs" c="var(--mantine-color-text)">
            {author}
          </Text>{' '}
          · {stamp(c.created_at)}
          {c.updated_at !== c.created_at ? ' · edited' : ''}
        </Text>
        {editable && !isEditing ? (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={() => onEdit(c.comment)}>
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => void save({ archived: true })}
            >
              Delete
            </Button>
          </Group>
        ) : null}
      </Group>
      {isEditing ? (
        <Stack gap={6} mt={6}>
          <Textarea
            aria-label="Edit comment"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={COMMENT_MAX_LENGTH}
            value={editing}
            onChange={(event) => onEdit(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="compact-xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button
              size="compact-xs"
              disabled={!editing.trim()}
              onClick={async () => {
                if (await save({ comment: editing.trim() })) onCancel();
              }}
            >
              Save comment
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text fz="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {c.comment}
        </Text>
      )}
    </Paper>
  );
}

/**
 * An indicator's comments (spec 002 §2): newest first, 5 shown and 'Load more' adds 5; the add
 * button is disabled while the box is empty; the author (and a provider admin on a self
 * assessment) edits or deletes their own while the status allows.
 */
export function IndicatorComments({
  responseId,
  access,
}: {
  responseId: number | null;
  access: TAssessmentAccess;
}) {
  const { practiceId } = usePracticeContext();
  const [limit, setLimit] = useState(COMMENTS_PAGE_SIZE);
  const { comments, total, waiting, fetching, reload, offline } = useIndicatorComments(responseId, limit);
  const [text, setText] = useState('');
  const [adding, add] = useMutation(AddCommentMutation);
  const [, update] = useMutation(UpdateCommentMutation);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const mayAdd = responseId !== null && canChangeAssessment(access);

  const submit = async () => {
    if (!responseId || !text.trim()) return;
    if (offline?.mustQueue()) {
      await offline.queueComment(responseId, practiceId, text.trim());
      setText('');
      return;
    }
    const result = await add({ practiceId, responseId, comment: text.trim() });
    if (offline && isNetworkFailure(result.error)) {
      await offline.queueComment(responseId, practiceId, text.trim());
      setText('');
    } else if (result.error) notifyError(ASSESSMENT_MESSAGES.commentUpdateFailed);
    else {
      setText('');
      reload();
    }
  };
  const save = async (id: number, changes: { comment?: string; archived?: boolean }) => {
    const result = await update({ id, changes });
    if (result.error || !result.data?.update_comments_by_pk) {
      notifyError(ASSESSMENT_MESSAGES.commentUpdateFailed);
      return false;
    }
    reload();
    return true;
  };

  return (
    <Stack gap="xs">
      <Title order={4} fz="sm">
        Comments{total > 0 ? ` (${total})` : ''}
      </Title>
      {mayAdd ? (
        <Stack gap={6}>
          <Textarea
            label="Add a comment"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={COMMENT_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button size="compact-sm" onClick={submit} disabled={!text.trim()} loading={adding.fetching}>
              Add comment
            </Button>
          </Group>
        </Stack>
      ) : null}
      {comments.length === 0 && waiting.length === 0 && !fetching ? (
        <Text fz="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : null}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {waiting.map((w) => (
          <WaitingComment key={w.seq} write={w} />
        ))}
        {comments.map((c) => (
          <IndicatorComment
            key={c.id}
            comment={c}
            editable={canEditComment({
              ...access,
              isAuthor: c.created_by_id === access.userId,
              isSuperadmin: access.isSuperadmin,
            })}
            editing={editing?.id === c.id ? editing.text : null}
            onEdit={(text) => setEditing({ id: c.id, text })}
            onCancel={() => setEditing(null)}
            save={(changes) => save(c.id, changes)}
          />
        ))}
      </Stack>
      {total > comments.length ? (
        <Group>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setLimit((n) => n + COMMENTS_PAGE_SIZE)}
            loading={fetching}
          >
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
