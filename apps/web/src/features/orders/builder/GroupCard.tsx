import { BUILDER_TEXT, formatMoney, type GroupPremiumKind, type LineItem } from '@cab/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Dispatch, memo, useCallback, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { AddLineField } from './AddLineField.tsx';
import { type PremiumCatalog, useCombinationErrors } from './api.ts';
import { BreakdownDialog } from './BreakdownDialog.tsx';
import { type LineColumn, type LineHandlers, LineTable } from './LineTable.tsx';
import { PremiumSelector } from './PremiumSelector.tsx';
import {
  type BreakdownView,
  breakdownFromLive,
  breakdownFromWire,
  linePrices,
  type PricedGroupView,
} from './pricing.ts';
import {
  type DraftAction,
  type DraftGroup,
  type DraftItem,
  type GroupPremiumIds,
  groupErrors,
  lineToFocusAfterRemoval,
  newClientId,
} from './state.ts';

/** One group: name, premiums, its errors (SPEC 5), the code field and its lines. */
export const GroupCard = memo(function GroupCard({
  group,
  index,
  firstLineNumber,
  catalog,
  priced,
  visible,
  dispatch,
  canRemove,
  autoFocusCode,
  onRemove,
}: {
  group: DraftGroup;
  index: number;
  firstLineNumber: number;
  catalog: PremiumCatalog;
  priced: PricedGroupView;
  visible: readonly LineColumn[];
  dispatch: Dispatch<DraftAction>;
  canRemove: boolean;
  autoFocusCode: boolean;
  /** Removes this group (the builder moves the focus to a group still there). */
  onRemove: (key: string) => void;
}) {
  const key = group.key;
  const codeRef = useRef<HTMLInputElement>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [breakdownId, setBreakdownId] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const combination = useCombinationErrors(group.premiums);
  const itemsRef = useRef(group.items);
  itemsRef.current = group.items;

  const handlers = useMemo<LineHandlers>(
    () => ({
      setQty: (id, qty) => dispatch({ type: 'setQty', key, id, qty }),
      setHinge: (id, hinge) => dispatch({ type: 'setHinge', key, id, hinge }),
      setFinishedSide: (id, finishedSide) => dispatch({ type: 'setFinishedSide', key, id, finishedSide }),
      remove: (id) => {
        // The focus goes to the line that takes its place (else the one before, else the code field), not to the page.
        const next = lineToFocusAfterRemoval(itemsRef.current, id);
        dispatch({ type: 'removeItem', key, id });
        if (next) setFocusId(next);
        else codeRef.current?.focus();
      },
      openAttach: () => {},
      openBreakdown: (id) => setBreakdownId(id),
      qtyDone: () => codeRef.current?.focus(),
      focused: () => setFocusId(null),
    }),
    [dispatch, key],
  );

  const onAddItem = useCallback(
    (item: LineItem) => {
      const id = newClientId();
      dispatch({ type: 'addItem', key, item, id });
      setFocusId(id);
    },
    [dispatch, key],
  );
  const onAttach = useCallback(
    (parentId: string, item: LineItem) => {
      const id = newClientId();
      dispatch({ type: 'addAttachment', key, parentId, item, id });
      setFocusId(id);
    },
    [dispatch, key],
  );
  const onSetPremium = useCallback(
    (k: string, kind: GroupPremiumKind, id: number | null, finishOptionsOf?: number[]) =>
      dispatch({ type: 'setPremium', key: k, kind, id, finishOptionsOf }),
    [dispatch],
  );
  const onSetPremiums = useCallback(
    (k: string, premiums: GroupPremiumIds) => dispatch({ type: 'setPremiums', key: k, premiums }),
    [dispatch],
  );

  const pricesOf = useCallback((item: DraftItem) => linePrices(item, priced.lines.get(item._id)), [priced]);

  // The rules read every line: once per change of the group, not per render.
  const ruleErrors = useMemo(() => groupErrors(group), [group]);
  const errors = [...ruleErrors, ...(combination.data ?? []).filter((e) => !group.serverErrors.includes(e))];
  const code = (id: number | null) => (id === null ? '' : (catalog.byId.get(id)?.code ?? ''));
  const finish = [code(group.premiums.wood_species), code(group.premiums.finish_option)].filter(Boolean).join(' / ');

  const breakdownItem = breakdownId === null ? undefined : group.items.find((i) => i._id === breakdownId);
  let breakdown: BreakdownView | null = null;
  if (breakdownItem) {
    const live = priced.lines.get(breakdownItem._id);
    if (breakdownItem.saved) breakdown = breakdownFromWire(breakdownItem.saved.breakdown);
    else if (live) breakdown = breakdownFromLive(live.breakdown, catalog.prices);
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`group-${index}`} data-group-key={key}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            size="small"
            label={BUILDER_TEXT.groupName}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 280 } }}
            value={group.name}
            error={Boolean(group.fieldErrors?.name)}
            helperText={group.fieldErrors?.name?.join(' ')}
            onChange={(e) => dispatch({ type: 'renameGroup', key, name: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'group-name', maxLength: 100 } }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {BUILDER_TEXT.lines(group.items.length)}
          </Typography>
          <Typography variant="subtitle1" data-testid="group-subtotal">
            {BUILDER_TEXT.subtotal}: {formatMoney(priced.subtotal)}
          </Typography>
          {canRemove && (
            <Button
              color="error"
              size="small"
              startIcon={<DeleteOutline />}
              onClick={() => setConfirmRemove(true)}
              data-testid="remove-group"
            >
              {BUILDER_TEXT.removeGroup}
            </Button>
          )}
        </Stack>
        <PremiumSelector
          groupKey={key}
          premiums={group.premiums}
          catalog={catalog}
          onSetPremium={onSetPremium}
          onSetPremiums={onSetPremiums}
        />
        {errors.length > 0 && (
          <Alert severity="warning" data-testid="group-errors" aria-label={BUILDER_TEXT.groupErrors}>
            {errors.map((e) => (
              <div key={e}>{e}</div>
            ))}
          </Alert>
        )}
        <Box>
          <AddLineField
            label={BUILDER_TEXT.addByCode}
            inputRef={codeRef}
            onAdd={onAddItem}
            testId="add-code"
            autoFocus={autoFocusCode}
          />
        </Box>
        {group.items.length > 0 && (
          <LineTable
            items={group.items}
            firstLineNumber={firstLineNumber}
            pricesOf={pricesOf}
            finish={finish}
            visible={visible}
            finishedSides={catalog.byKind.finished_side}
            focusId={focusId}
            handlers={handlers}
            onAttach={onAttach}
          />
        )}
      </Stack>
      <BreakdownDialog code={breakdownItem?.snap.code ?? ''} view={breakdown} onClose={() => setBreakdownId(null)} />
      <ConfirmDialog
        open={confirmRemove}
        title={BUILDER_TEXT.removeGroupConfirm(group.name || BUILDER_TEXT.group)}
        confirmLabel={BUILDER_TEXT.removeGroup}
        destructive
        onConfirm={() => {
          setConfirmRemove(false);
          onRemove(key);
        }}
        onClose={() => setConfirmRemove(false)}
      />
    </Paper>
  );
});
