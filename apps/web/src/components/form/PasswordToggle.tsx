import { WEB_TEXT } from '@cab/shared';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';

/** A password field's show/hide button, at the field's end (FormPasswordField, OutlinedField). */
export function PasswordToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  return (
    <InputAdornment position="end">
      <IconButton
        aria-label={visible ? WEB_TEXT.hidePassword : WEB_TEXT.showPassword}
        onClick={onToggle}
        onMouseDown={(e) => e.preventDefault()}
        edge="end"
        size="small"
      >
        {visible ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
      </IconButton>
    </InputAdornment>
  );
}
