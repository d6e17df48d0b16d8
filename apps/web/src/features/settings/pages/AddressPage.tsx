import { ADDRESS_KINDS, type Address, type AddressKind, MSG, NOTIFY_MS, SETTINGS_TEXT, US_STATES } from '@cab/shared';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AddButton } from '../../../components/AddButton.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useSnackbar } from '../../../lib/toasts.ts';
import { useAddresses } from '../../accounts/index.ts';
import { useMe } from '../../auth/index.ts';
import { useDeleteAddress } from '../api.ts';
import { AddressDialog } from '../components/AddressDialog.tsx';

const STATE_NAMES = new Map(US_STATES.map((s) => [s.code, s.name]));
const KIND_TITLES: Record<AddressKind, string> = { BILLING: SETTINGS_TEXT.billing, SHIPPING: SETTINGS_TEXT.shipping };

type Editing = { address: Address | null; kind: AddressKind } | null;

/** /settings/address (customers): the account's billing and shipping addresses (a company's for business users). */
export default function AddressPage() {
  const me = useMe();
  const addresses = useAddresses(me.id);
  const remove = useDeleteAddress(me.id);
  const { enqueueSnackbar } = useSnackbar();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(MSG.addressDeleted, { variant: 'success', autoHideDuration: NOTIFY_MS.short });
    } catch {
      // The common error handling has shown the popup.
    }
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        subtitle={SETTINGS_TEXT.addressesSubtitle}
        actions={
          <AddButton
            variant="contained"
            onClick={() => setEditing({ address: null, kind: 'SHIPPING' })}
            data-testid="add-address"
          >
            {SETTINGS_TEXT.addAddress}
          </AddButton>
        }
      />
      <QueryState query={addresses}>
        {(list) => (
          <Stack spacing={3}>
            {ADDRESS_KINDS.map((kind) => (
              <AddressGroup
                key={kind}
                kind={kind}
                addresses={list.filter((a) => a.kind === kind)}
                onAdd={() => setEditing({ address: null, kind })}
                onEdit={(address) => setEditing({ address, kind })}
                onDelete={setDeleting}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      {editing && (
        <AddressDialog userId={me.id} address={editing.address} kind={editing.kind} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={SETTINGS_TEXT.deleteAddressConfirm}
        text={MSG.deleteIrreversible}
        confirmLabel={MSG.deleteYes}
        busy={remove.isPending}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function AddressGroup({
  kind,
  addresses,
  onAdd,
  onEdit,
  onDelete,
}: {
  kind: AddressKind;
  addresses: Address[];
  onAdd: () => void;
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => void;
}) {
  return (
    <Card data-testid={`addresses-${kind.toLowerCase()}`}>
      <CardHeader
        title={KIND_TITLES[kind]}
        action={
          <AddButton size="small" onClick={onAdd}>
            {SETTINGS_TEXT.add}
          </AddButton>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {addresses.length === 0 ? (
          <Typography color="text.secondary">{SETTINGS_TEXT.noAddresses}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            {addresses.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                onEdit={() => onEdit(address)}
                onDelete={() => onDelete(address)}
              />
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function AddressCard({ address, onEdit, onDelete }: { address: Address; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card variant="outlined" data-testid={`address-${address.id}`}>
      <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {address.is_default && (
            <Chip
              label={SETTINGS_TEXT.defaultChip}
              color="primary"
              size="small"
              sx={{ mb: 1 }}
              data-testid="default-chip"
            />
          )}
          {address.name && <Typography sx={{ fontWeight: 600 }}>{address.name}</Typography>}
          <Typography>{address.line1}</Typography>
          {address.line2 && <Typography>{address.line2}</Typography>}
          <Typography>
            {address.city}, {address.state} {address.postal_code}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {STATE_NAMES.get(address.state) ?? address.state}
          </Typography>
          {address.phone && (
            <Typography variant="body2" color="text.secondary">
              {address.phone}
            </Typography>
          )}
        </Box>
        <Stack direction="row">
          <Tooltip title={SETTINGS_TEXT.edit}>
            <IconButton aria-label={SETTINGS_TEXT.edit} onClick={onEdit} size="small">
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={SETTINGS_TEXT.delete}>
            <IconButton aria-label={SETTINGS_TEXT.delete} onClick={onDelete} size="small" color="error">
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </CardContent>
    </Card>
  );
}
