import http from 'node:http';

export interface StreamFrame {
  event: string;
  id: string | undefined;
  data: unknown;
}

/**
 * A Server-Sent Events reader over plain HTTP, as a browser's EventSource reads one: frames
 * split on blank lines, `event`, `id` and `data` fields, comments (heartbeats) skipped.
 */
export class EventStream {
  readonly frames: StreamFrame[] = [];
  status = 0;
  private waiters: (() => void)[] = [];
  private request: http.ClientRequest | null = null;
  ended = false;

  static open(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
    const stream = new EventStream();
    return new Promise((resolve, reject) => {
      const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
      stream.request = request;
      request.on('error', reject);
      request.on('response', (response) => {
        stream.status = response.statusCode ?? 0;
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            stream.take(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
          }
        });
        const finish = () => {
          stream.ended = true;
          stream.wake();
        };
        response.on('end', finish);
        response.on('close', finish);
        resolve(stream);
      });
    });
  }

  private take(block: string): void {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || !line.includes(':')) continue;
      const at = line.indexOf(':');
      fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
    }
    if (fields.data === undefined) return;
    this.frames.push({
      event: fields.event ?? 'message',
      id: fields.id,
      data: JSON.parse(fields.data) as unknown,
    });
    this.wake();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** The first frame (from `from` on) that matches, waiting for it up to `timeoutMs`. */
  async waitFor(
    match: (frame: StreamFrame) => boolean,
    { from = 0, timeoutMs = 10_000 } = {},
  ): Promise<StreamFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error('The stream ended before the frame came.');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the end of the stream (the server closed it). */
  async waitForEnd(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('The stream stayed open.');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.request?.destroy();
    this.ended = true;
  }
}
