import { Button, Menu, MenuItem } from '@mui/material';
import type { TMappingView } from '@portal/domain';
import { useId, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { downloadMapping } from '../data/mappings-api.ts';

const FORMATS = [
  { format: 'json', label: 'JSON' },
  { format: 'yaml', label: 'YAML' },
] as const;

/** Export a mapping: a menu of JSON and YAML; the file downloads with the server's name. */
export function MappingExportMenu({
  mapping,
  describedBy,
  onFailed,
}: {
  mapping: Pick<TMappingView, 'id' | 'from' | 'to'>;
  /** The id of the element naming the mapping, if the button's place does not. */
  describedBy?: string;
  onFailed(message: string): void;
}) {
  const { apiUrl, authorisedFetch } = useServices();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const choose = (format: 'json' | 'yaml') => {
    setAnchor(null);
    downloadMapping(authorisedFetch, apiUrl, mapping, format).catch((error: unknown) =>
      onFailed(
        `The mapping ${mapping.from.code} to ${mapping.to.code} could not be exported: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  };
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant="outlined"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        aria-describedby={describedBy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Export
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => choose(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
