import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import type { TMoveChoices } from '@portal/domain';
import { useId, useState } from 'react';
import type { MoveSelection } from '../data/mappings-api.ts';

/** How the assessments are chosen, and what is chosen each way. */
export interface SelectionState {
  way: 'assessments' | 'network' | 'state';
  assessmentIds: number[];
  networkId: string;
  state: string;
}

export const EMPTY_SELECTION: SelectionState = {
  way: 'assessments',
  assessmentIds: [],
  networkId: '',
  state: '',
};

/** The API's selection, or why there is none yet. */
export function selectionOf(s: SelectionState): MoveSelection | string {
  if (s.way === 'assessments')
    return s.assessmentIds.length ? { assessmentIds: s.assessmentIds } : 'Choose at least one assessment.';
  if (s.way === 'network')
    return s.networkId ? { networkId: Number(s.networkId) } : 'Choose a practice network.';
  return s.state ? { state: s.state } : 'Choose a state.';
}

const TYPE_WORDS: Record<string, string> = { PRESURVEY: 'Self assessment', SURVEY_VISIT: 'Survey visit' };

/**
 * Which assessments move: chosen one by one (a search over the practices' names), every one of a
 * practice network, or of a state. Only assessments in progress on the older edition are offered.
 */
export function MoveSelectionFields({
  choices,
  value,
  onChange,
}: {
  choices: TMoveChoices;
  value: SelectionState;
  onChange(next: SelectionState): void;
}) {
  const legendId = useId();
  const set = (patch: Partial<SelectionState>) => onChange({ ...value, ...patch });
  return (
    <FormControl component="fieldset" sx={{ display: 'block', mt: 2 }}>
      <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, color: 'text.primary' }}>
        Which assessments
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={legendId}
        value={value.way}
        onChange={(event) => set({ way: event.target.value as SelectionState['way'] })}
      >
        <FormControlLabel value="assessments" control={<Radio />} label="Chosen assessments" />
        <FormControlLabel value="network" control={<Radio />} label="A practice network" />
        <FormControlLabel value="state" control={<Radio />} label="A state" />
      </RadioGroup>
      {value.way === 'assessments' ? (
        <AssessmentChoices choices={choices} value={value} onChange={onChange} />
      ) : null}
      {value.way === 'network' ? (
        <GroupSelect
          label="Practice network"
          placeholder="Choose a network"
          value={value.networkId}
          onChange={(networkId) => set({ networkId })}
          options={choices.networks.map((n) => ({
            value: String(n.id),
            label: n.name,
            assessments: n.assessments,
          }))}
        />
      ) : null}
      {value.way === 'state' ? (
        <GroupSelect
          label="State"
          placeholder="Choose a state"
          value={value.state}
          onChange={(state) => set({ state })}
          options={choices.states.map((s) => ({
            value: s.state,
            label: s.state,
            assessments: s.assessments,
          }))}
        />
      ) : null}
    </FormControl>
  );
}

/** The assessments in progress on the older edition, searched by practice name, each a checkbox. */
function AssessmentChoices({
  choices,
  value,
  onChange,
}: {
  choices: TMoveChoices;
  value: SelectionState;
  onChange(next: SelectionState): void;
}) {
  const [search, setSearch] = useState('');
  const shown = choices.assessments.filter((a) =>
    a.practice.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const set = (patch: Partial<SelectionState>) => onChange({ ...value, ...patch });
  return (
    <Box sx={{ mt: 1 }}>
      <TextField
        size="small"
        type="search"
        label="Search practices"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        fullWidth={false}
        sx={{ width: 320, maxWidth: '100%', mb: 1 }}
      />
      {choices.assessments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No assessment is in progress on the older edition.
        </Typography>
      ) : (
        <Box
          role="group"
          aria-label="Assessments in progress on the older edition"
          sx={{
            maxHeight: 280,
            overflowY: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
          }}
        >
          {shown.length === 0 ? (
            <Typography variant="body2" sx={{ py: 1 }}>
              No practice's name contains “{search}”.
            </Typography>
          ) : null}
          {shown.map((a) => (
            <FormControlLabel
              key={a.assessmentId}
              sx={{ display: 'flex' }}
              control={
                <Checkbox
                  size="small"
                  checked={value.assessmentIds.includes(a.assessmentId)}
                  onChange={(event) =>
                    set({
                      assessmentIds: event.target.checked
                        ? [...value.assessmentIds, a.assessmentId]
                        : value.assessmentIds.filter((id) => id !== a.assessmentId),
                    })
                  }
                />
              }
              label={`${a.practice.name}: ${TYPE_WORDS[a.type] ?? a.type} ${a.assessmentId}${[a.network, a.state].filter(Boolean).length ? ` (${[a.network, a.state].filter(Boolean).join(', ')})` : ''}`}
            />
          ))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {value.assessmentIds.length} of {choices.assessments.length} chosen
      </Typography>
    </Box>
  );
}

/** A network or a state to move, each with how many assessments in progress it holds. */
function GroupSelect({
  label,
  placeholder,
  value,
  onChange,
  options,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
  options: Array<{ value: string; label: string; assessments: number }>;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      fullWidth={false}
      sx={{ mt: 1, width: 320, maxWidth: '100%' }}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label} ({option.assessments} in progress)
        </option>
      ))}
    </TextField>
  );
}
