/**
 * A tiny browser stand-in for HTTP-level tests: keeps cookies, sends the
 * Origin header a browser sends with form posts, never follows redirects
 * on its own so tests can assert where they lead.
 */
export class HttpClient {
  private cookies = new Map<string, string>();

  /** Shares another client's cookies: one browser reaching several servers behind a load balancer. */
  shareCookiesWith(other: HttpClient): this {
    this.cookies = other.cookies;
    return this;
  }

  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** The cookies, to hand a signed-in session to a browser context. */
  cookieList(): { name: string; value: string; url: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.baseUrl }));
  }

  hasCookie(pattern: RegExp): boolean {
    return [...this.cookies.keys()].some((name) => pattern.test(name));
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.extraHeaders)) headers.set(k, v);
    if (this.cookies.size > 0) headers.set("cookie", this.cookieHeader());
    // A client standing in for a proxy passes the public origin among its headers.
    if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", this.baseUrl);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    this.remember(response);
    return response;
  }

  get(path: string) {
    return this.request(path);
  }

  /** Follows redirects (same site or not), keeping cookies, and returns the last answer. */
  async follow(path: string, limit = 10): Promise<{ response: Response; url: string }> {
    let url = path.startsWith("http") ? path : `${this.baseUrl}${path}`;
    for (let i = 0; i < limit; i++) {
      const response = await this.request(url);
      const location = response.headers.get("location");
      if (!location || response.status < 300 || response.status >= 400) return { response, url };
      url = new URL(location, url).toString();
    }
    throw new Error(`Too many redirects from ${path}`);
  }

  /** Submits a form the way a browser without JavaScript does. */
  postForm(path: string, fields: Record<string, string>): Promise<Response> {
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  postJson(path: string, body: unknown): Promise<Response> {
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }
}
