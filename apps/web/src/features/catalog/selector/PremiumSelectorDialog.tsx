import { CATALOG_TEXT, MSG, type Premium, type PremiumKind, type PremiumListQuery } from '@cab/shared';
import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import { useMemo, useState } from 'react';
import { kindConfig } from '../kinds.ts';
import { PremiumListView } from '../premiums/PremiumListView.tsx';

/** Where a chosen door style applies (SPEC 2 "Apply For"): drawer, base, wall and tall. */
export const APPLY_FOR = ['drawer', 'base', 'wall', 'tall'] as const;
export type ApplyFor = (typeof APPLY_FOR)[number];

/**
 * SPEC 2 "Premium selector dialog": the premium list of a kind in selection mode (50 a page,
 * 'Double Click row to select it'). For door styles, 'Apply For' checkboxes (drawer, base, wall,
 * tall; all ticked by default; 'Select at least one style').
 */
export function PremiumSelectorDialog({
  kind,
  extraQuery,
  onSelect,
  onClose,
}: {
  kind: PremiumKind;
  extraQuery?: Partial<PremiumListQuery>;
  onSelect: (premium: Premium, applyFor: ApplyFor[]) => void;
  onClose: () => void;
}) {
  const config = useMemo(() => kindConfig(kind), [kind]);
  const isDoorStyle = kind === 'door_style';
  const [applyFor, setApplyFor] = useState<ApplyFor[]>([...APPLY_FOR]);
  const [touched, setTouched] = useState(false);
  const invalid = isDoorStyle && applyFor.length === 0;

  const toggle = (value: ApplyFor, checked: boolean) => {
    setTouched(true);
    setApplyFor((current) => APPLY_FOR.filter((v) => (v === value ? checked : current.includes(v))));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="premium-selector-title"
      data-testid="premium-selector"
    >
      <DialogTitle id="premium-selector-title" sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box sx={{ flex: 1 }}>{CATALOG_TEXT.selectTitle(config.name)}</Box>
        <IconButton aria-label={CATALOG_TEXT.close} onClick={onClose}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {isDoorStyle && (
          <FormControl component="fieldset" error={invalid && touched} sx={{ mb: 2 }} data-testid="apply-for">
            <FormLabel component="legend" sx={{ fontWeight: 600 }}>
              {CATALOG_TEXT.applyFor}
            </FormLabel>
            <FormGroup row>
              {APPLY_FOR.map((value) => (
                <FormControlLabel
                  key={value}
                  control={
                    <Checkbox checked={applyFor.includes(value)} onChange={(e) => toggle(value, e.target.checked)} />
                  }
                  label={CATALOG_TEXT.applyForLabels[value]}
                />
              ))}
            </FormGroup>
            {invalid && touched && <FormHelperText>{MSG.selectAtLeastOneStyle}</FormHelperText>}
          </FormControl>
        )}
        <PremiumListView
          config={config}
          header={false}
          extraQuery={extraQuery}
          onSelect={(premium) => {
            if (invalid) {
              setTouched(true);
              return;
            }
            onSelect(premium, isDoorStyle ? applyFor : []);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
