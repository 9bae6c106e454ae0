const SESSION_COOKIE = 'vaultgrid_session';

interface StoredCookie {
  value: string;
  path: string;
}

/** Whether a cookie set for `cookiePath` goes with a request to `requestPath` (RFC 6265 5.1.4). */
function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

/** A small fetch wrapper that keeps cookies by name and path, like a browser would. */
export class HttpClient {
  private readonly cookies = new Map<string, StoredCookie>();

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
    const cookie = this.cookieHeader(path);
    if (cookie) headers.cookie = cookie;
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
    for (const header of response.headers.getSetCookie()) this.store(header);
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

  /** The cookies a request to this path carries, for tests that send raw requests. */
  cookieHeader(path = '/'): string {
    const pathname = new URL(path, this.baseUrl).pathname;
    return [...this.cookies]
      .filter(([, c]) => pathMatches(c.path, pathname))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  hasSession(): boolean {
    return this.cookies.has(SESSION_COOKIE);
  }

  /** Keeps or drops a cookie as a browser would; our server always names the path. */
  private store(header: string): void {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const split = pair.indexOf('=');
    if (split < 1) return;
    const name = pair.slice(0, split);
    const value = pair.slice(split + 1);
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', setting = ''] = attribute.split('=');
      const lower = key.toLowerCase();
      if (lower === 'path' && setting.startsWith('/')) path = setting;
      if (lower === 'max-age' && Number(setting) <= 0) expired = true;
      if (lower === 'expires' && Date.parse(setting) <= Date.now()) expired = true;
    }
    if (expired) this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }
}
