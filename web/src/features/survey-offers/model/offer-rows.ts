import { formatDisplayDate, formatMonthLong, type TVisitType, VISIT_TYPE_LABELS } from '@portal/domain';
import type { TSurveyOffer } from '../api/get-survey-offers.ts';

/** What a row of the offers tables shows. */
export interface TOfferRow {
  id: number;
  visitId: number;
  practice: string;
  suburb: string;
  /** The month the visit is due (MMMM yyyy). */
  due: string;
  type: string;
  /** Offered, Accepted, Declined. */
  status: string;
  answeredOn: string;
  declineReason: string | null;
  /** The visit asks for preferred days (its Set Availability link shows). */
  asksForDays: boolean;
}

const STATUS_LABELS: Record<string, string> = {
  OFFERED: 'Offered',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
};

/** The offers waiting for an answer, and those answered (the history), as rows. */
export function offerRows(offers: readonly TSurveyOffer[]): { waiting: TOfferRow[]; answered: TOfferRow[] } {
  const rows = offers
    .filter((offer) => !offer.survey_visit.archived)
    .map((offer) => ({
      id: offer.id,
      visitId: offer.survey_visit.id,
      practice: offer.practice_name ?? '',
      suburb: offer.practice_suburb ?? '',
      due: formatMonthLong(offer.survey_visit.due),
      dueWire: offer.survey_visit.due ?? '',
      type: VISIT_TYPE_LABELS[offer.survey_visit.type as TVisitType] ?? offer.survey_visit.type,
      status: STATUS_LABELS[offer.status] ?? offer.status,
      answeredOn: formatDisplayDate(offer.responded_at),
      declineReason: offer.decline_reason ?? null,
      asksForDays: offer.status !== 'DECLINED' && offer.survey_visit.status === 'PREFERRED_DAYS_REQ',
      waiting: offer.status === 'OFFERED' && offer.survey_visit.status !== 'FINAL',
    }));
  return {
    waiting: rows.filter((row) => row.waiting).map(({ waiting: _, dueWire: __, ...row }) => row),
    // History: the latest visits first.
    answered: rows
      .filter((row) => !row.waiting)
      .sort((a, b) => b.dueWire.localeCompare(a.dueWire))
      .map(({ waiting: _, dueWire: __, ...row }) => row),
  };
}
