import type { DonutChartProps } from '@mantine/charts';
import {
  ColorSwatch,
  Grid,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  CHART_SIZE_PX,
  formatActionPlanDue,
  formatCertificateDue,
  nonConformityProgress,
  portalToday,
  RISK_RATING_LABELS,
  RISK_RATING_ORDER,
  surveyResults,
} from '@portal/domain';
import { Suspense, useId } from 'react';
import { OptionalPart } from '../../../components/optional-part.tsx';
import { RISK_CHART_COLOURS } from '../../../config/colours.ts';
import { usePublicHolidays } from '../../../lib/business-days/use-public-holidays.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { type ResponseStore, type TAssessmentData, useResponseOutline } from '../../assessments/index.ts';

/**
 * The charts library (recharts) loads when a donut is drawn, not with the assessment screen: most
 * assessments never show one (docs/decisions/web-app.md#chunk-groups). A failed load forgets
 * itself (`lazyPage`) and leaves the donut's box empty (`OptionalPart`): the numbers are beside it.
 */
const DonutChart = lazyPage<'DonutChart', DonutChartProps>(() => import('@mantine/charts'), 'DonutChart');

/**
 * The summary panel of a survey visit in ACTION_REQUIRED or APPROVED (spec 001 §2): a donut of Met
 * and Not met, the count of improvements suggested, a donut of risk ratings, the progress bar of
 * non-conformities closed (spec 001 §9 colours, `nonConformityProgress`) and the action plan's due
 * date with the business days left (approved: the certificate's, 20 business days from the approval). Live from the response store. Each chart's numbers are also a visually
 * hidden table, so a screen reader reads what the picture shows. The surveyor summaries (with
 * 'Read more' and their edit link) follow in their own panel.
 */
export function SurveyResultsPanel({
  assessment,
  store,
}: {
  assessment: TAssessmentData;
  store: ResponseStore;
}) {
  useResponseOutline(store);
  const sets = assessment.survey_version?.indicator_sets ?? [];
  const responses = sets.flatMap((s) => s.indicators.map((i) => store.shown(i.id)));
  const results = surveyResults(responses);
  const today = portalToday();
  const holidays = usePublicHolidays();
  const due = assessment.action_plan_due ?? null;
  // The certificate's 20-business-day clock from the approval (docs/decisions/evidence.md).
  const certificate =
    assessment.status === 'APPROVED'
      ? formatCertificateDue(assessment.status_changes?.[0]?.changed_at, today, holidays)
      : null;
  const progress = nonConformityProgress(responses, { status: assessment.status, actionPlanDue: due, today });
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="sm" id={headingId}>
            Survey results
          </Title>
          {due && assessment.status === 'ACTION_REQUIRED' ? (
            <Text fz="sm" fw={600}>
              Action plan: {formatActionPlanDue(due, today, holidays)}
            </Text>
          ) : null}
          {certificate ? (
            <Text fz="sm" fw={600} c={certificate.left < 0 ? 'red.8' : undefined}>
              {certificate.text}
            </Text>
          ) : null}
        </Group>
        {/* Three columns where there is room; at tablet width the donuts side by side (CHART_SIZE_PX
            each) with the count under them, so neither touches the panel's edge. */}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <Chart
              title="Met and Not met"
              rows={[
                { name: 'Met', value: results.met, color: 'teal.6' },
                { name: 'Not met', value: results.notMet, color: 'red.6' },
              ]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }} order={{ base: 3, lg: 2 }}>
            <Stack gap={4} align="center" justify="center" h="100%">
              <Text fz={40} fw={700} lh={1}>
                {results.improvements}
              </Text>
              <Text fz="sm">Improvements suggested</Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }} order={{ base: 2, lg: 3 }}>
            <Chart
              title="Risk ratings"
              rows={RISK_RATING_ORDER.map((rating) => ({
                name: RISK_RATING_LABELS[rating],
                value: results.risks[rating],
                color: RISK_CHART_COLOURS[rating],
              }))}
            />
          </Grid.Col>
        </Grid>
        {progress.total > 0 ? (
          <Stack gap={4}>
            <Group gap="sm" wrap="nowrap">
              <Progress
                value={progress.percent}
                color={progress.colour}
                size="lg"
                radius="xl"
                style={{ flex: 1 }}
                aria-label={`Non-conformities closed: ${progress.closed} of ${progress.total}`}
              />
              <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {progress.closed} of {progress.total} non-conformities closed
              </Text>
            </Group>
            {progress.referred > 0 ? (
              <Text fz="xs" c="dimmed">
                {progress.referred} referred to the certification authority
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A donut of CHART_SIZE_PX with its numbers as a visually hidden table (its accessible twin). */
function Chart({
  title,
  rows,
}: {
  title: string;
  rows: Array<{ name: string; value: number; color: string }>;
}) {
  const id = useId();
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return (
    <Stack gap={4} align="center" component="figure" m={0} aria-labelledby={id}>
      <Text fz="sm" fw={600} id={id} component="figcaption">
        {title}
      </Text>
      {/* Its place is kept while the chart loads: nothing below it moves. */}
      <div aria-hidden="true" style={{ width: CHART_SIZE_PX, height: CHART_SIZE_PX }}>
        <OptionalPart>
          <Suspense fallback={null}>
            <DonutChart
              size={CHART_SIZE_PX}
              thickness={28}
              data={
                total === 0 ? [{ name: 'None', value: 1, color: 'gray.3' }] : rows.filter((r) => r.value > 0)
              }
              withTooltip={total > 0}
              chartLabel={total}
              styles={{ label: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
              // The chart is a picture (its numbers are in the table below): nothing in it takes focus.
              pieChartProps={{ accessibilityLayer: false }}
              pieProps={{ rootTabIndex: -1 }}
            />
          </Suspense>
        </OptionalPart>
      </div>
      {/* The legend: each name beside its colour, so the picture reads without hovering. */}
      <SimpleGrid cols={Math.min(rows.length, 2)} spacing="md" verticalSpacing={2} aria-hidden="true">
        {rows.map((r) => (
          <Group key={r.name} gap={6} wrap="nowrap">
            <ColorSwatch
              color={`var(--mantine-color-${r.color.replace('.', '-')})`}
              size={10}
              withShadow={false}
            />
            <Text fz="xs" style={{ whiteSpace: 'nowrap' }}>
              {r.name}: {r.value}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td>{r.value}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
