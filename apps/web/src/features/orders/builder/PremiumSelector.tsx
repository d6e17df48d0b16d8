import { BUILDER_TEXT, type GroupPremiumKind, type Premium } from '@cab/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useState } from 'react';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { isApiRequestError } from '../../../lib/api.ts';
import { checkCombination, type PremiumCatalog } from './api.ts';
import { APPLY_ALL, type ApplyFor, applyForError, applyStyles, type GroupPremiumIds } from './state.ts';

/** A native select of premiums by code: fast, and fully usable from the keyboard. */
function PremiumSelect({
  label,
  value,
  options,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: number | null;
  options: readonly Premium[];
  onChange: (id: number | null) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <SelectField
      native
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      disabled={disabled}
      fullWidth={false}
      sx={{ width: 200 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
      noneLabel={BUILDER_TEXT.none}
      options={options.map((p) => ({ value: p.id, label: p.code }))}
    />
  );
}

const APPLY_KEYS: { key: keyof ApplyFor; label: string }[] = [
  { key: 'drawer', label: BUILDER_TEXT.applyForDrawer },
  { key: 'base', label: BUILDER_TEXT.applyForBase },
  { key: 'wall', label: BUILDER_TEXT.applyForWall },
  { key: 'tall', label: BUILDER_TEXT.applyForTall },
];

/**
 * SPEC 2 premium selector for door and drawer styles: one door style and one drawer style,
 * applied to the slots ticked under 'Apply For' (all by default); the combination is checked
 * with POST /api/catalog/validate/ before it is applied.
 */
function StyleDialog({
  open,
  premiums,
  catalog,
  onApply,
  onClose,
}: {
  open: boolean;
  premiums: GroupPremiumIds;
  catalog: PremiumCatalog;
  onApply: (premiums: GroupPremiumIds) => void;
  onClose: () => void;
}) {
  const [doorStyle, setDoorStyle] = useState<number | null>(
    premiums.base_door_style ?? premiums.wall_door_style ?? premiums.tall_door_style,
  );
  const [drawerStyle, setDrawerStyle] = useState<number | null>(premiums.drawer_style);
  const [applyFor, setApplyFor] = useState<ApplyFor>(APPLY_ALL);
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const noneTicked = applyForError(applyFor);
  const wood = premiums.wood_species;
  const doorOptions = catalog.byKind.door_style.filter((d) => wood === null || d.wood_species.includes(wood));

  const apply = async () => {
    if (noneTicked) return;
    const next = applyStyles(premiums, { doorStyle, drawerStyle }, applyFor);
    const doors = [
      ...new Set(
        [next.base_door_style, next.wall_door_style, next.tall_door_style].filter((x): x is number => x !== null),
      ),
    ];
    setChecking(true);
    try {
      const answer = await checkCombination({
        door_styles: doors,
        wood_species: next.wood_species,
        finish_option: next.finish_option,
      });
      if (answer.errors.length > 0) {
        setErrors(answer.errors);
        return;
      }
      onApply(next);
    } catch (error) {
      setErrors([isApiRequestError(error) ? error.message : String(error)]);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="style-dialog">
      <DialogTitle>{BUILDER_TEXT.styleDialogTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <PremiumSelect
            label={BUILDER_TEXT.doorStyle}
            value={doorStyle}
            options={doorOptions}
            onChange={(id) => {
              setDoorStyle(id);
              setErrors([]);
            }}
            testId="style-door"
          />
          <PremiumSelect
            label={BUILDER_TEXT.drawerStyle}
            value={drawerStyle}
            options={catalog.byKind.drawer_style}
            onChange={(id) => {
              setDrawerStyle(id);
              setErrors([]);
            }}
            testId="style-drawer"
          />
          <Box>
            <FormLabel component="legend">{BUILDER_TEXT.applyFor}</FormLabel>
            <FormGroup row>
              {APPLY_KEYS.map(({ key, label }) => (
                <FormControlLabel
                  key={key}
                  label={label}
                  control={
                    <Checkbox
                      checked={applyFor[key]}
                      onChange={(e) => setApplyFor((a) => ({ ...a, [key]: e.target.checked }))}
                      slotProps={{ input: { 'data-testid': `apply-for-${key}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {noneTicked && (
              <FormHelperText error data-testid="apply-for-error">
                {noneTicked}
              </FormHelperText>
            )}
          </Box>
          {errors.length > 0 && (
            <Alert severity="error" data-testid="style-errors">
              {errors.map((e) => (
                <div key={e}>{e}</div>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{BUILDER_TEXT.cancel}</Button>
        <Button
          variant="contained"
          onClick={() => void apply()}
          disabled={Boolean(noneTicked) || checking}
          data-testid="style-apply"
        >
          {checking ? BUILDER_TEXT.checking : BUILDER_TEXT.apply}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function codeOf(catalog: PremiumCatalog, id: number | null): string {
  return id === null ? '—' : (catalog.byId.get(id)?.code ?? `#${id}`);
}

/** The group's premiums: wood species, the finishes it offers, and the door and drawer styles. */
export const PremiumSelector = memo(function PremiumSelector({
  groupKey,
  premiums,
  catalog,
  onSetPremium,
  onSetPremiums,
}: {
  groupKey: string;
  premiums: GroupPremiumIds;
  catalog: PremiumCatalog;
  onSetPremium: (key: string, kind: GroupPremiumKind, id: number | null, finishOptionsOf?: number[]) => void;
  onSetPremiums: (key: string, premiums: GroupPremiumIds) => void;
}) {
  const [dialog, setDialog] = useState(0);
  const wood = premiums.wood_species === null ? null : catalog.byId.get(premiums.wood_species);
  const finishes = wood ? catalog.byKind.finish_option.filter((f) => wood.finish_options.includes(f.id)) : [];
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1.5 }}>
      <PremiumSelect
        label={BUILDER_TEXT.woodSpecies}
        value={premiums.wood_species}
        options={catalog.byKind.wood_species}
        onChange={(id) =>
          onSetPremium(groupKey, 'wood_species', id, id === null ? [] : (catalog.byId.get(id)?.finish_options ?? []))
        }
        testId="premium-wood_species"
      />
      <PremiumSelect
        label={BUILDER_TEXT.finishOption}
        value={premiums.finish_option}
        options={finishes}
        disabled={!wood}
        onChange={(id) => onSetPremium(groupKey, 'finish_option', id)}
        testId="premium-finish_option"
      />
      <Box data-testid="group-styles">
        <Typography variant="body2">
          {BUILDER_TEXT.baseDoorStyle}: <strong>{codeOf(catalog, premiums.base_door_style)}</strong> ·{' '}
          {BUILDER_TEXT.wallDoorStyle}: <strong>{codeOf(catalog, premiums.wall_door_style)}</strong> ·{' '}
          {BUILDER_TEXT.tallDoorStyle}: <strong>{codeOf(catalog, premiums.tall_door_style)}</strong> ·{' '}
          {BUILDER_TEXT.drawerStyle}: <strong>{codeOf(catalog, premiums.drawer_style)}</strong>
        </Typography>
      </Box>
      <Button variant="outlined" size="small" onClick={() => setDialog((n) => n + 1)} data-testid="choose-styles">
        {BUILDER_TEXT.chooseStyles}
      </Button>
      {dialog > 0 && (
        <StyleDialog
          key={dialog}
          open
          premiums={premiums}
          catalog={catalog}
          onClose={() => setDialog(0)}
          onApply={(next) => {
            onSetPremiums(groupKey, next);
            setDialog(0);
          }}
        />
      )}
    </Stack>
  );
});
