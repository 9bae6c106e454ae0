/** A small fetch wrapper that keeps the session cookie, like a browser would. */
export class HttpClient {
  private cookie = '';

  constructor(private readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: FormData | URLSearchParams;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: unknown; headers: Headers; text: string }> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | FormData | URLSearchParams | undefined;
    if (options.json !== undefined && method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
    });
    const setCookie = response.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (!pair) continue;
      const [name, value] = pair.split('=');
      if (name === 'vaultgrid_session') this.cookie = value ? `${name}=${value}` : '';
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
    return { status: response.status, body: parsed, headers: response.headers, text };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, json?: unknown) => this.request('POST', path, { json: json ?? {} });
  put = (path: string, json?: unknown) => this.request('PUT', path, { json: json ?? {} });
  patch = (path: string, json?: unknown) => this.request('PATCH', path, { json: json ?? {} });
  delete = (path: string) => this.request('DELETE', path);

  /** The session cookie, for tests that send raw requests a client library would not. */
  cookieHeader(): string {
    return this.cookie;
  }

  hasSession(): boolean {
    return this.cookie !== '';
  }
}
