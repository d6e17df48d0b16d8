import Typography from '@mui/material/Typography';

/** The title of a sign-in style page's form and the line under it; `id` labels the form. */
export function FormHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string | false }) {
  return (
    <div>
      <Typography id={id} variant="h5" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
    </div>
  );
}
