import { Button, Group, Paper, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseDisplayDate, type TReportFilters } from '@portal/domain';
import { useQuery } from 'urql';
import { GetReportFilterChoicesQuery } from '../api/get-report-filter-choices.ts';

/**
 * The filters of the back-office reports: State, Network, QAM, From and To (and the analytics
 * report's Compare on edition). Each change goes to
 * the URL at once (`useReportFilters`), so the report reloads and the address can be shared.
 */
export function ReportFilterBar({
  filters,
  onChange,
  editions = false,
}: {
  filters: TReportFilters;
  onChange: (next: TReportFilters) => void;
  /** Offer "Compare on edition" (the analytics report: older editions' findings follow the mappings). */
  editions?: boolean;
}) {
  const [{ data }] = useQuery({ query: GetReportFilterChoicesQuery });
  const set = (patch: Partial<TReportFilters>) => onChange({ ...filters, ...patch });
  const anySet = Object.values(filters).some((value) => value !== undefined);
  const idOf = (value: string | null) => (value ? Number(value) : undefined);

  return (
    <Paper withBorder radius="lg" p="md" mb="lg" component="form" role="search" aria-label="Report filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="State"
          placeholder="All states"
          clearable
          w={140}
          data={stateChoices(data?.australian_state, filters.state)}
          value={filters.state ?? null}
          onChange={(value) => set({ state: value ?? undefined })}
        />
        <Select
          label="Network"
          placeholder="All networks"
          clearable
          searchable
          w={220}
          data={(data?.practice_networks ?? []).map((n) => ({ value: String(n.id), label: n.name }))}
          value={filters.network === undefined ? null : String(filters.network)}
          onChange={(value) => set({ network: idOf(value) })}
        />
        <Select
          label="QAM"
          placeholder="All QAMs"
          clearable
          searchable
          w={200}
          data={qamChoices(data?.accreditations ?? [])}
          value={filters.qam === undefined ? null : String(filters.qam)}
          onChange={(value) => set({ qam: idOf(value) })}
        />
        <DateInput
          label="From"
          placeholder="dd/mm/yy"
          valueFormat="DD/MM/YYYY"
          clearable
          w={150}
          value={filters.from ?? null}
          maxDate={filters.to}
          onChange={(value) => set({ from: value || undefined })}
          dateParser={(text) => parseDisplayDate(text)}
        />
        <DateInput
          label="To"
          placeholder="dd/mm/yy"
          valueFormat="DD/MM/YYYY"
          clearable
          w={150}
          value={filters.to ?? null}
          minDate={filters.from}
          onChange={(value) => set({ to: value || undefined })}
          dateParser={(text) => parseDisplayDate(text)}
        />
        {editions ? (
          <Select
            label="Compare on edition"
            placeholder="Each edition apart"
            description="Older editions follow the mapping"
            clearable
            w={230}
            data={(data?.survey_versions ?? []).map((v) => ({
              value: String(v.id),
              label: `${v.code}: ${v.name}`,
            }))}
            value={filters.edition === undefined ? null : String(filters.edition)}
            onChange={(value) => set({ edition: idOf(value) })}
          />
        ) : null}
        <Button variant="subtle" onClick={() => onChange({ practice: filters.practice })} disabled={!anySet}>
          Clear filters
        </Button>
      </Group>
    </Paper>
  );
}

/** One choice per QAM, by name. */
function qamChoices(rows: readonly { qam: { id: number; first_name: string; last_name: string } | null }[]) {
  return rows
    .flatMap((row) => (row.qam ? [row.qam] : []))
    .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name))
    .map((qam) => ({ value: String(qam.id), label: `${qam.first_name} ${qam.last_name}` }));
}

/**
 * The states to choose from. The state in the address is its own label, so it shows at once, even
 * before the choices have loaded (a reloaded report would otherwise show an empty State).
 */
function stateChoices(states: ReadonlyArray<{ value: string }> | undefined, chosen: string | undefined) {
  const values = (states ?? []).map((s) => s.value);
  if (chosen && !values.includes(chosen)) values.push(chosen);
  return values.map((value) => ({ value, label: value }));
}
