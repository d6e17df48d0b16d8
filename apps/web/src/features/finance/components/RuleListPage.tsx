import { FINANCE_LABELS, formatWireMoney, MSG, NOTIFY_MS, PAGE_SIZE } from '@cab/shared';
import { type ReactNode, useRef, useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ListPage } from '../../../components/data-table/ListPage.tsx';
import type { Params } from '../../../components/data-table/listParams.ts';
import type { ListFilter } from '../../../components/data-table/PagedDataTable.tsx';
import { DeleteAction, EditAction } from '../../../components/data-table/RowAction.tsx';
import type { DataColumn } from '../../../components/data-table/types.ts';
import { useListState } from '../../../components/data-table/useListState.ts';
import { useSnackbar } from '../../../lib/toasts.ts';
import { type RuleKindName, useDeleteRule, useRulePage } from '../api.ts';

/**
 * The frame of the five finance rule screens (issue 17): the route's title with an Add button,
 * the paged list with its filters and row actions, the form dialog for a new or an edited row,
 * and the delete confirmation. A refused delete (a rule orders use) is shown by the API client.
 */
export function RuleListPage<R extends { id: number }, F extends Params>({
  kind,
  what,
  filters,
  filterFields = [],
  orderBy,
  columns,
  label,
  dialog,
  testId,
}: {
  kind: RuleKindName;
  /** "payment option", "surcharge"... for Add and the dialogs. */
  what: string;
  filters: F;
  filterFields?: readonly ListFilter<F>[];
  orderBy: string;
  columns: DataColumn<R>[];
  label: (row: R) => string;
  dialog: (row: R | null, onClose: () => void) => ReactNode;
  testId: string;
}) {
  const list = useListState({ key: `finance.${kind}`, pageSize: PAGE_SIZE.financeRules, orderBy, filters });
  const query = useRulePage<R, F>(kind, list);
  const remove = useDeleteRule<R>(kind);
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  // The title stays while the dialog fades out.
  const lastDeleting = useRef<R | null>(null);
  if (deleting) lastDeleting.current = deleting;

  const rowActions = (row: R) => (
    <>
      <EditAction name={label(row)} onClick={() => setEditing(row)} testId={`edit-${testId}-${row.id}`} />
      <DeleteAction name={label(row)} onClick={() => setDeleting(row)} testId={`delete-${testId}-${row.id}`} />
    </>
  );

  return (
    <ListPage
      actions={
        <AddButton variant="contained" onClick={() => setEditing('new')} data-testid={`add-${testId}`}>
          {FINANCE_LABELS.add(what)}
        </AddButton>
      }
      cardTestId={`${testId}-list`}
      query={query}
      state={list}
      filters={filterFields.length ? { fields: filterFields } : undefined}
      columns={columns}
      rowActions={rowActions}
      rowTestId={(row) => `${testId}-row-${row.id}`}
    >
      {editing !== null && dialog(editing === 'new' ? null : editing, () => setEditing(null))}
      <ConfirmDialog
        open={deleting !== null}
        title={MSG.deleteConfirm(lastDeleting.current ? label(lastDeleting.current) : '')}
        text={MSG.deleteIrreversible}
        confirmLabel={MSG.deleteYes}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting);
            enqueueSnackbar(MSG.deleted(label(deleting)), { variant: 'success', autoHideDuration: NOTIFY_MS.short });
          } catch {
            // The API client shows the refusal (SPEC 8).
          }
          setDeleting(null);
        }}
      />
    </ListPage>
  );
}

/** Yes / No of a boolean column. */
export const yesNo = (v: boolean) => (v ? FINANCE_LABELS.yes : FINANCE_LABELS.no);
/** "$50,000.00" (SPEC 1: en-US dollars) or an em dash. */
export const moneyText = (v: string | null) => (v === null ? '—' : formatWireMoney(v));
/** "2.50 %" or an em dash. */
export const percentText = (v: string | null) => (v === null ? '—' : `${v} %`);

/** The Active filter of a rule list (`is_active` = true / false / any). */
export const activeFilter = (testId: string) =>
  ({
    kind: 'select',
    name: 'is_active',
    label: FINANCE_LABELS.active,
    anyLabel: FINANCE_LABELS.any,
    options: [
      { value: 'true', label: FINANCE_LABELS.yes },
      { value: 'false', label: FINANCE_LABELS.no },
    ],
    testId,
  }) as const;
