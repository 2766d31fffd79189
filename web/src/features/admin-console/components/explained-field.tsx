import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { TConsoleExplainField } from '@portal/domain';
import { useId, useState } from 'react';

/** The monospace font of queries, SQL and plans in the Explain view. */
export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** One root field's SQL and plan, the SQL copyable. */
export function ExplainedField({ field }: { field: TConsoleExplainField }) {
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(field.sql ?? '');
    setCopied(true);
  };
  if (field.sql === null)
    return (
      <Card component="section" aria-labelledby={headingId} variant="outlined">
        <CardContent>
          <Typography id={headingId} component="h3" variant="h6" sx={{ fontFamily: MONO, mb: 1 }}>
            {field.field}
          </Typography>
          <Typography>No SQL: the engine answers this field itself, without the database.</Typography>
        </CardContent>
      </Card>
    );
  return (
    <Card component="section" aria-labelledby={headingId} variant="outlined">
      <CardContent>
        <Typography id={headingId} component="h3" variant="h6" sx={{ fontFamily: MONO, mb: 1 }}>
          {field.field}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
            SQL
          </Typography>
          <Button size="small" variant="outlined" onClick={copy}>
            {copied ? 'SQL copied' : 'Copy SQL'}
          </Button>
        </Stack>
        <Box
          component="pre"
          sx={{
            fontFamily: MONO,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            bgcolor: 'grey.100',
            p: 1.5,
            borderRadius: 1,
            m: 0,
            mb: 2,
          }}
        >
          {field.sql}
        </Box>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          Plan
        </Typography>
        {/* The plan's tree keeps its indentation: it scrolls sideways (by keyboard too) instead of wrapping. */}
        <Box
          component="pre"
          aria-label={`Plan of ${field.field}`}
          tabIndex={0}
          sx={{
            fontFamily: MONO,
            fontSize: 13,
            whiteSpace: 'pre',
            overflowX: 'auto',
            bgcolor: 'grey.100',
            p: 1.5,
            borderRadius: 1,
            m: 0,
          }}
        >
          {(field.plan ?? []).join('\n')}
        </Box>
      </CardContent>
    </Card>
  );
}
