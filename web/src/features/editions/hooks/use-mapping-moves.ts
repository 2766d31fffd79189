import type { TMappingView, TMoveChoices, TMoveRecord } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { getMoveChoices, listMappings, listMoves, undoMove } from '../data/mappings-api.ts';

/** What an undo said: a status, or the service's refusal in an alert. */
export interface UndoNotice {
  ok: boolean;
  message: string;
}

/**
 * The move screen's reads for one mapping (what may be chosen to move, the recent moves) and the
 * undo of a move, which reads both again. Nothing while no mapping is chosen.
 */
export function useMappingMoves(mappingId: number | null) {
  const { apiUrl, authorisedFetch } = useServices();
  const [choices, setChoices] = useState<TMoveChoices | null>(null);
  const [moves, setMoves] = useState<TMoveRecord[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [undoBusy, setUndoBusy] = useState<number | null>(null);

  const reload = useCallback(async () => {
    if (!mappingId) return;
    const [c, m] = await Promise.all([
      getMoveChoices(authorisedFetch, apiUrl, mappingId),
      listMoves(authorisedFetch, apiUrl, mappingId),
    ]);
    if (c.ok) setChoices(c.value);
    else setFailure(c.message);
    if (m.ok) setMoves(m.value.moves);
  }, [authorisedFetch, apiUrl, mappingId]);

  useEffect(() => {
    setChoices(null);
    setMoves([]);
    void reload();
  }, [reload]);

  const undo = useCallback(
    async (move: TMoveRecord): Promise<UndoNotice> => {
      setUndoBusy(move.id);
      const o = await undoMove(authorisedFetch, apiUrl, move.id);
      setUndoBusy(null);
      await reload();
      return o.ok
        ? {
            ok: true,
            message: `The move of assessment ${move.assessmentId} (${move.practice.name}) is undone: it is answered in ${move.from} again.`,
          }
        : { ok: false, message: `The move of assessment ${move.assessmentId} was not undone: ${o.message}` };
    },
    [authorisedFetch, apiUrl, reload],
  );

  return { choices, moves, failure, reload, undo, undoBusy };
}

/** Every mapping, to choose one to move practices with (the move screen names itself in the title meanwhile). */
export function useMappingsList() {
  const { apiUrl, authorisedFetch } = useServices();
  const [mappings, setMappings] = useState<TMappingView[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Move practices to a newer edition · Admin console';
    listMappings(authorisedFetch, apiUrl).then((o) =>
      o.ok ? setMappings(o.value.mappings) : setFailure(o.message),
    );
  }, [authorisedFetch, apiUrl]);
  return { mappings, failure };
}
