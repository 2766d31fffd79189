import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  amPmTimeProblem,
  formatDisplayDate,
  formatTimeOfDay,
  parseAmPmTime,
  parseDisplayDate,
  portalToday,
  ZFinaliseSurveyVisitSchema,
} from '@portal/domain';
import { useState } from 'react';
import { useMutation } from 'urql';
import { AmPmTimeInput } from '../../../components/am-pm-time-input.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FinaliseSurveyVisitMutation } from '../api/finalise-survey-visit.ts';
import type { TPlanningVisit } from '../api/get-planning-visit.ts';
import { reportOutcome } from '../model/mutation-outcome.ts';

/** The typed times' problems (the time helper, spec 002 §5), by field. */
function timeProblems(times: Record<'startTime' | 'endTime', string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(times).flatMap(([field, text]) => {
      const problem = amPmTimeProblem(text);
      return problem ? [[field, problem]] : [];
    }),
  );
}

/** Who the final visit keeps, and how many unanswered offers go. */
function TeamNote({ visit }: { visit: TPlanningVisit }) {
  const accepted = visit.surveyors.filter((s) => s.visitorStatus === 'ACCEPTED');
  const unanswered = visit.surveyors.filter((s) => s.visitorStatus === 'OFFERED').length;
  return (
    <Text fz="sm" c="dimmed">
      Surveyors: {accepted.map((s) => s.name).join(', ')}.
      {unanswered
        ? ` ${unanswered === 1 ? 'The offer nobody answered will be' : `The ${unanswered} offers nobody answered will be`} withdrawn.`
        : ''}
    </Text>
  );
}

/** Finalise: the day, start and end times and the lead; the visit goes FINAL with the surveyors who accepted. */
export function FinaliseForm({ visit, onChanged }: { visit: TPlanningVisit; onChanged(): void }) {
  const accepted = visit.surveyors.filter((s) => s.visitorStatus === 'ACCEPTED');
  const [date, setDate] = useState<string | null>(visit.date);
  // The times are typed hh:mm am|pm (spec 002 §5 time helper) and sent as HH:mm.
  const [startText, setStartText] = useState(formatTimeOfDay(visit.startTime ?? '09:00'));
  const [endText, setEndText] = useState(formatTimeOfDay(visit.endTime ?? '17:00'));
  const startTime = parseAmPmTime(startText) ?? '';
  const endTime = parseAmPmTime(endText) ?? '';
  const [lead, setLead] = useState<string | null>(
    String(accepted.find((s) => s.isLead)?.userId ?? accepted[0]?.userId ?? '') || null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState(false);
  const [{ fetching }, finalise] = useMutation(FinaliseSurveyVisitMutation);
  const form = { visitId: visit.id, date, startTime, endTime, leadUserId: lead ? Number(lead) : null };

  if (accepted.length === 0)
    return (
      <Text fz="sm" c="dimmed">
        A visit can be made final once a surveyor has accepted it.
      </Text>
    );

  const check = () => {
    const problems = timeProblems({ startTime: startText, endTime: endText });
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    const parsed = ZFinaliseSurveyVisitSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    setAsking(true);
  };
  const leadName = accepted.find((s) => String(s.userId) === lead)?.name;

  return (
    <>
      <Stack gap="sm" maw={560}>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <DateInput
            label="Visit date"
            placeholder="dd/mm/yy"
            valueFormat="DD/MM/YYYY"
            value={date}
            onChange={setDate}
            dateParser={(text) => parseDisplayDate(text)}
            minDate={portalToday()}
            defaultDate={visit.periodFrom ?? undefined}
            error={errors.date}
            required
            w={170}
          />
          <AmPmTimeInput
            label="Start time"
            value={startText}
            onChange={setStartText}
            error={errors.startTime}
            required
            w={130}
          />
          <AmPmTimeInput
            label="End time"
            value={endText}
            onChange={setEndText}
            error={errors.endTime}
            required
            w={130}
          />
          <Select
            label="Lead surveyor"
            data={accepted.map((s) => ({ value: String(s.userId), label: s.name }))}
            value={lead}
            onChange={setLead}
            allowDeselect={false}
            w={200}
          />
        </Group>
        <TeamNote visit={visit} />
        <Button onClick={check} w="fit-content">
          Finalise visit
        </Button>
      </Stack>
      <ConfirmModal
        opened={asking}
        title="Finalise the visit"
        confirmLabel="Finalise"
        busy={fetching}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          const result = await finalise(form as typeof form & { date: string });
          setAsking(false);
          if (
            reportOutcome(
              result,
              (d: { finaliseSurveyVisit: { message: string } }) => d.finaliseSurveyVisit.message,
              'The visit could not be made final, please try again.',
            )
          )
            onChanged();
        }}
      >
        The visit to {visit.practiceName} will be final on {formatDisplayDate(date)},{' '}
        {formatTimeOfDay(startTime)} to {formatTimeOfDay(endTime)}, led by {leadName}. Its surveyors can no
        longer change.
      </ConfirmModal>
    </>
  );
}
