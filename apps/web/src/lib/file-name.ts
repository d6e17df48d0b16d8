/**
 * The file name a Content-Disposition header gives (RFC 6266): the exact UTF-8 `filename*` when
 * there is one (the server sends it with every file, kit/file-answer.ts), else the ASCII `filename`.
 */
export function fileNameOf(disposition: string): string | undefined {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (exact) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A malformed escape: the plain name below is still good.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}
