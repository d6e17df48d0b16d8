/**
 * A Server-Sent Events reader (the WHATWG "event stream" format): text in, events out, fed chunk by
 * chunk as they arrive. The live floor reads its stream through fetch rather than EventSource,
 * because EventSource cannot send the `Authorization: Token` header every API call signs in with.
 */

export interface SseMessage {
  /** The `id:` last set on the stream (it carries over to later events, as EventSource's lastEventId). */
  id: string;
  /** `event:`, 'message' when absent. */
  event: string;
  data: string;
}

export interface SseHandlers {
  message: (message: SseMessage) => void;
  /** A `:` line (the server's keep-alive) or any other sign of life. */
  comment?: (text: string) => void;
  /**
   * The last event id at each dispatch, also of a block with no data: the id the server sends
   * before anything else, so a client that has heard no event yet can resume (issue 35).
   */
  id?: (id: string) => void;
  /** `retry:` in milliseconds. */
  retry?: (ms: number) => void;
}

export interface SseParser {
  push: (chunk: string) => void;
}

export function createSseParser(handlers: SseHandlers, lastEventId = ''): SseParser {
  let buffer = '';
  let id = lastEventId;
  let event = '';
  let data: string[] = [];

  function dispatch() {
    handlers.id?.(id);
    if (data.length > 0) handlers.message({ id, event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  }

  function line(text: string) {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.startsWith(':')) {
      handlers.comment?.(text.slice(1).trimStart());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.retry?.(Number(value));
  }

  // A CR ends a line at once; a LF right after it (even in the next chunk) is the same line end.
  let afterCR = false;
  return {
    push(chunk: string) {
      buffer += chunk;
      if (afterCR && buffer.startsWith('\n')) buffer = buffer.slice(1);
      afterCR = false;
      for (;;) {
        const match = /\r\n|\n|\r/.exec(buffer);
        if (!match) break;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
        if (match[0] === '\r' && buffer === '') afterCR = true;
      }
    },
  };
}
