import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('finds http and https addresses in plain text, without the sentence punctuation after them', () => {
    expect(linkify('Open https://shop.test/invitation/abc/accept. Or http://x.test/a?b=1, then reply.')).toEqual([
      { text: 'Open ' },
      { href: 'https://shop.test/invitation/abc/accept' },
      { text: '. Or ' },
      { href: 'http://x.test/a?b=1' },
      { text: ', then reply.' },
    ]);
  });

  it('links nothing but http and https', () => {
    const text = 'javascript:alert(1) data:text/html,x file:///etc/passwd mailto:a@b.test ftp://x.test';
    expect(linkify(text)).toEqual([{ text }]);
  });

  it('keeps text without addresses whole', () => {
    expect(linkify('')).toEqual([]);
    expect(linkify('Hello\nthere')).toEqual([{ text: 'Hello\nthere' }]);
  });
});
