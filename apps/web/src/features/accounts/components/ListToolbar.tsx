import { ACCOUNTS_TEXT, DEBOUNCE_MS } from '@cab/shared';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import type { ReactNode } from 'react';
import { DebouncedTextField } from '../../../components/DebouncedTextField.tsx';

/** The search box above an account list: applied 1 s after typing stops (SPEC 9), or on Enter. */
export function ListToolbar({
  search,
  onSearch,
  children,
}: {
  search: string;
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, p: 2 }}>
      <DebouncedTextField
        size="small"
        label={ACCOUNTS_TEXT.search}
        placeholder={ACCOUNTS_TEXT.searchHint}
        value={search}
        onDebouncedChange={(text) => onSearch(text.trim() === '' ? '' : text)}
        delay={DEBOUNCE_MS.filter}
        sx={{ width: { xs: '100%', sm: 320 } }}
        slotProps={{
          htmlInput: { 'data-testid': 'accounts-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ flex: 1 }} />
      {children}
    </Box>
  );
}
