import { containsPattern } from '@portal/domain';
import type { VariablesOf } from '../../../lib/graphql/graphql.ts';
import type { GetDocumentsQuery } from '../api/get-documents.ts';

type TDocumentsWhere = VariablesOf<typeof GetDocumentsQuery>['where'];

/**
 * What the table lists: the live, uploaded documents of the practice (the back office's
 * permission shows archived and pending ones too, so this says it), of one folder, or, while the
 * search box has text, of every folder the screen shows whose name contains the text (any case,
 * `%` and `_` taken literally).
 */
export function documentsWhere(scope: {
  practiceId: number;
  folderId: number | null;
  search: string;
}): TDocumentsWhere {
  const live: TDocumentsWhere = {
    practice_id: { _eq: scope.practiceId },
    archived: { _eq: false },
    uploaded_at: { _is_null: false },
  };
  const text = scope.search.trim();
  if (text)
    return {
      ...live,
      name: { _ilike: containsPattern(text) },
      folder: { archived: { _eq: false }, visible: { _eq: true } },
    };
  return { ...live, folder_id: { _eq: scope.folderId ?? -1 } };
}
