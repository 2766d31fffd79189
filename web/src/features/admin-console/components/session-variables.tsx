import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type Dispatch, type SetStateAction, useMemo } from 'react';
import type { TSessionRow } from '../model/explain-request.ts';
import { MONO } from './explained-field.tsx';

/** The Explain form's session variables: a name and a value per row, Remove on each, and Add. */
export function SessionVariables({
  rows,
  setRows,
}: {
  rows: readonly TSessionRow[];
  setRows: Dispatch<SetStateAction<TSessionRow[]>>;
}) {
  const nextKey = useMemo(() => ({ value: 2 }), []);
  const setRow = (key: number, change: Partial<TSessionRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Session variables
      </Typography>
      <Stack spacing={1.5}>
        {rows.map((row, index) => (
          <Stack
            key={row.key}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: 'center' }}
          >
            <TextField
              label={`Variable ${index + 1} name`}
              value={row.name}
              onChange={(event) => setRow(row.key, { name: event.target.value })}
              size="small"
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: MONO } } }}
              sx={{ flex: 1, width: '100%' }}
            />
            <TextField
              label={`Variable ${index + 1} value`}
              value={row.value}
              onChange={(event) => setRow(row.key, { value: event.target.value })}
              size="small"
              sx={{ flex: 1, width: '100%' }}
            />
            <Button
              size="small"
              onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
            >
              {`Remove variable ${index + 1}`}
            </Button>
          </Stack>
        ))}
        <Box>
          <Button
            size="small"
            variant="outlined"
            onClick={() =>
              setRows((current) => [...current, { key: nextKey.value++, name: 'x-hasura-', value: '' }])
            }
          >
            Add session variable
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
