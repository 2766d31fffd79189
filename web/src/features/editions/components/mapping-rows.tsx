import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { MAPPING_KIND_LABELS, type TMappingView } from '@portal/domain';
import { itemsText, targetsOfRow } from '../model/mapping-change.ts';

/** Held within the window beside the console's sidebar, scrolling in its own box (as the editions table). */
export const TABLE_BOX = { maxWidth: { xs: 'calc(100vw - 48px)', sm: 'calc(100vw - 300px)' } } as const;

/**
 * A mapping's rows, one per older indicator: its code, the kind, the newer indicator(s)
 * and the checklist items that carry over, with Change and Unmap (each described by the row's code).
 */
export function MappingRows({
  view,
  busy,
  onChange,
  onUnmap,
}: {
  view: TMappingView;
  busy: boolean;
  onChange(from: string): void;
  onUnmap(from: string): void;
}) {
  if (view.indicators.length === 0)
    return (
      <Typography color="text.secondary">
        No row yet: map the indicators listed above, or import a mapping file for these editions.
      </Typography>
    );
  return (
    <TableContainer sx={TABLE_BOX}>
      <Table
        aria-label={`Rows of the mapping ${view.from.code} to ${view.to.code}`}
        size="small"
        sx={{ '& td, & th': { verticalAlign: 'top', py: 1 } }}
      >
        <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TableRow>
            <TableCell component="th" scope="col">
              Older indicator
            </TableCell>
            <TableCell component="th" scope="col">
              Kind
            </TableCell>
            <TableCell component="th" scope="col">
              Newer indicator(s)
            </TableCell>
            <TableCell component="th" scope="col">
              Items carried
            </TableCell>
            <TableCell component="th" scope="col">
              Actions
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {view.indicators.map((row) => {
            const codeId = `mapping-row-${view.id}-${row.from}`;
            return (
              <TableRow key={row.from}>
                <TableCell
                  component="th"
                  scope="row"
                  id={codeId}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {row.from}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{MAPPING_KIND_LABELS[row.kind]}</TableCell>
                <TableCell>{targetsOfRow(row).join(', ') || '—'}</TableCell>
                <TableCell sx={{ minWidth: 120 }}>{itemsText(row) || '—'}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-describedby={codeId}
                      onClick={() => onChange(row.from)}
                    >
                      Change
                    </Button>
                    <Button
                      size="small"
                      color="inherit"
                      variant="outlined"
                      aria-describedby={codeId}
                      disabled={busy}
                      onClick={() => onUnmap(row.from)}
                    >
                      Unmap
                    </Button>
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
