import { Anchor, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { SURVEY_SUBMIT_MESSAGES, type TOpenNonConformity } from '@portal/domain';

/** One reason the surveyor cannot submit yet, as the modal lists it. */
export interface TSubmitProblemItem {
  key: string;
  /** The indicator the link opens; null for a surveyor summary. */
  indicatorId: number | null;
  /** A summary problem of the user's own summary (its link opens the summary modal). */
  own?: boolean;
  text: string;
}

/**
 * 'Before you can submit' (spec 001 §5, §8): every problem, each a link that opens its indicator
 * (or the summary modal), and the indicators whose non-conformity is still open.
 */
export function SurveyValidationModal({
  problems,
  openNonConformities,
  onOpenIndicator,
  onOpenSummary,
  onClose,
}: {
  problems: readonly TSubmitProblemItem[];
  openNonConformities: readonly TOpenNonConformity[];
  onOpenIndicator(indicatorId: number): void;
  onOpenSummary(): void;
  onClose(): void;
}) {
  const indicators = problems.filter((p) => p.indicatorId !== null);
  const summary = problems.filter((p) => p.indicatorId === null);
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={<Text fw={700}>{SURVEY_SUBMIT_MESSAGES.validationTitle}</Text>}
    >
      <Stack gap="md">
        <Text fz="sm">Fix each of these, then submit again. Each link opens what needs fixing.</Text>
        {indicators.length > 0 ? (
          <Section title={`${SURVEY_SUBMIT_MESSAGES.incompleteHeading} (${indicators.length})`}>
            {indicators.map((p) => (
              <List.Item key={p.key}>
                <Anchor
                  component="button"
                  type="button"
                  fz="sm"
                  ta="left"
                  onClick={() => onOpenIndicator(p.indicatorId!)}
                >
                  {p.text}
                </Anchor>
              </List.Item>
            ))}
          </Section>
        ) : null}
        {summary.length > 0 ? (
          <Section title={SURVEY_SUBMIT_MESSAGES.summaryHeading}>
            {summary.map((p) => (
              <List.Item key={p.key}>
                {p.own ? (
                  <Anchor component="button" type="button" fz="sm" ta="left" onClick={onOpenSummary}>
                    {p.text}
                  </Anchor>
                ) : (
                  // Another surveyor's: only they (or the back office) can write it.
                  p.text
                )}
              </List.Item>
            ))}
          </Section>
        ) : null}
        {openNonConformities.length > 0 ? (
          <Section
            title={`${SURVEY_SUBMIT_MESSAGES.openNonConformitiesHeading} (${openNonConformities.length})`}
          >
            {openNonConformities.map((nc) => (
              <List.Item key={nc.indicatorId}>
                <Anchor
                  component="button"
                  type="button"
                  fz="sm"
                  ta="left"
                  onClick={() => onOpenIndicator(nc.indicatorId)}
                >
                  {nc.code}
                  {nc.ratingLabel ? ` · ${nc.ratingLabel} risk` : ' · not rated yet'}
                </Anchor>
              </List.Item>
            ))}
          </Section>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      <List spacing={4} size="sm">
        {children}
      </List>
    </Stack>
  );
}
