import http from 'node:http';

/** One message of a Server-Sent Events stream: an event (id, event, data) or a comment line. */
interface SseMessage {
  id?: number;
  event?: string;
  data?: any;
  comment?: string;
  retry?: number;
  /** When it arrived (performance.now()). */
  at: number;
}

/**
 * A small SSE client for the tests and the bench: what EventSource does (parse `id:`, `event:`,
 * `data:`, comments), with a token header, which EventSource cannot send.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  private waiters: (() => void)[] = [];
  private ended = false;

  private constructor(
    readonly status: number,
    private readonly req: http.ClientRequest,
    res: http.IncomingMessage,
    readonly headers: http.IncomingHttpHeaders,
  ) {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        this.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
      this.wake();
    });
    res.on('end', () => {
      this.ended = true;
      this.wake();
    });
    res.on('error', () => {});
  }

  /** Opens `url` with the token (and Last-Event-ID); resolves once the headers are in. */
  static open(url: string, token: string | null, lastEventId?: number | string): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (token) headers.authorization = `Token ${token}`;
      if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
      const req = http.get(url, { headers, agent: false }, (res) => {
        resolve(new SseClient(res.statusCode ?? 0, req, res, res.headers));
      });
      req.on('error', reject);
    });
  }

  private parse(block: string) {
    const m: SseMessage = { at: performance.now() };
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) m.comment = line.slice(1).trim();
      else if (line.startsWith('id: ')) m.id = Number(line.slice(4));
      else if (line.startsWith('event: ')) m.event = line.slice(7);
      else if (line.startsWith('data: ')) m.data = JSON.parse(line.slice(6));
      else if (line.startsWith('retry: ')) m.retry = Number(line.slice(7));
    }
    this.messages.push(m);
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The events received (not the comments), optionally of one kind. */
  events(kind?: string): SseMessage[] {
    return this.messages.filter((m) => m.event !== undefined && (kind === undefined || m.event === kind));
  }

  /** Waits until `check` holds over what arrived, or fails after `timeoutMs`. */
  async until(check: (c: SseClient) => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this)) {
      if (this.ended) throw new Error(`stream ended before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.events())}`);
      await new Promise<void>((r) => {
        const timer = setTimeout(r, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          r();
        });
      });
    }
  }

  get isEnded(): boolean {
    return this.ended;
  }

  close(): void {
    this.req.destroy();
  }
}
