import { CATALOG_TEXT } from '@cab/shared';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { DataColumn } from './types.ts';

/** A "Columns" button whose menu lists the optional columns with a checkbox each (SPEC 2). */
export function ColumnMenu<R>({
  columns,
  hidden,
  onToggle,
}: {
  columns: readonly DataColumn<R>[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const optional = columns.filter((c) => c.optional);
  if (optional.length === 0) return null;
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ViewColumnOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="column-menu-button"
        sx={{ borderColor: 'divider', whiteSpace: 'nowrap' }}
      >
        {CATALOG_TEXT.columns}
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': CATALOG_TEXT.showColumns } }}
        data-testid="column-menu"
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>{CATALOG_TEXT.showColumns}</ListSubheader>
        {optional.map((column) => {
          const checked = !hidden.has(column.key);
          return (
            <MenuItem
              key={column.key}
              onClick={() => onToggle(column.key)}
              role="menuitemcheckbox"
              aria-checked={checked}
              data-testid={`column-toggle-${column.key}`}
            >
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple sx={{ p: 0 }} />
              </ListItemIcon>
              <ListItemText>{column.header}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
