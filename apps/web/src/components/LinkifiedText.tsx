import Link from '@mui/material/Link';
import { linkify } from '../lib/linkify.ts';

/** Plain text with its http(s) addresses as links that open in a new tab without access to this one. */
export function LinkifiedText({ text }: { text: string }) {
  return linkify(text).map((part, i) =>
    'href' in part ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
      <Link key={i} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.href}
      </Link>
    ) : (
      part.text
    ),
  );
}
