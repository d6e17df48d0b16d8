import { CATALOG_TEXT } from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

interface ActionProps {
  name: string;
  onClick: () => void;
  testId: string;
}

/** One icon button of a row's actions: its tooltip is `label`, its accessible name `label name`. */
export function RowAction({ label, name, icon, onClick, testId }: ActionProps & { label: string; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label} ${name}`} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export function EditAction(props: ActionProps) {
  return <RowAction label={CATALOG_TEXT.edit} icon={<EditOutlined fontSize="small" />} {...props} />;
}

export function DeleteAction(props: ActionProps) {
  return <RowAction label={CATALOG_TEXT.delete} icon={<DeleteOutlineRounded fontSize="small" />} {...props} />;
}

interface Answer {
  label: string;
  onClick: () => void;
  testId: string;
}

/** A row's two answers to a request waiting on it, at the row's end: yes (contained) and no (red). */
export function RowDecision({ yes, no }: { yes: Answer; no: Answer }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <Button size="small" variant="contained" onClick={yes.onClick} data-testid={yes.testId}>
        {yes.label}
      </Button>
      <Button size="small" color="error" onClick={no.onClick} data-testid={no.testId}>
        {no.label}
      </Button>
    </Box>
  );
}
