import { CATALOG_TEXT, DEBOUNCE_MS, MSG, PAGE_SIZE } from '@cab/shared';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDebouncedCallback } from '../useDebounced.ts';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * Page links and an items-per-page field (SPEC 5 and 9): the page count is total / page size
 * rounded up; a page size of 250 or more shows 'recommended to be less than 250 (100 is ideal)'
 * and is not fetched; any other non-empty size is applied 1 s after typing stops.
 */
export function TablePager({ page, pageSize, total, onPageChange, onPageSizeChange }: Props) {
  const [text, setText] = useState(String(pageSize));
  const apply = useDebouncedCallback(onPageSizeChange, DEBOUNCE_MS.pageSize);
  useEffect(() => setText(String(pageSize)), [pageSize]);

  const typed = Number(text);
  const tooLarge = text.trim() !== '' && Number.isFinite(typed) && typed >= PAGE_SIZE.recommendedMax;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
      data-testid="table-pager"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Typography variant="body2" color="text.secondary" component="label" htmlFor="items-per-page">
          {CATALOG_TEXT.itemsPerPage}
        </Typography>
        <TextField
          id="items-per-page"
          size="small"
          type="number"
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            const n = Number(next);
            if (next.trim() !== '' && Number.isInteger(n) && n > 0 && n < PAGE_SIZE.recommendedMax) apply.run(n);
            else apply.cancel();
          }}
          slotProps={{ htmlInput: { min: 1, 'aria-label': CATALOG_TEXT.itemsPerPage, 'data-testid': 'page-size' } }}
          sx={{ width: 88 }}
          fullWidth={false}
        />
        {tooLarge && (
          <Typography variant="body2" color="warning.dark" role="status" data-testid="page-size-warning">
            {MSG.pageSizeWarning}
          </Typography>
        )}
      </Box>
      <Box sx={{ flex: 1 }} />
      <Typography variant="body2" color="text.secondary" data-testid="pager-range">
        {CATALOG_TEXT.rangeOf(from, to, total)}
      </Typography>
      <Pagination
        count={pageCount}
        page={Math.min(page, pageCount)}
        onChange={(_, next) => onPageChange(next)}
        color="primary"
        shape="rounded"
        size="small"
        showFirstButton
        showLastButton
      />
    </Box>
  );
}
