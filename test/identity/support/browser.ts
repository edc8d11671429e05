/**
 * A minimal browser for driving the provider's HTML pages over real HTTP: a cookie jar (name,
 * path, expiry), manual redirects, and form lookup by the `data-form` attribute the pages carry.
 */

export interface Page {
  url: string;
  status: number;
  html: string;
  headers: Headers;
  /** Set when navigation stopped at a redirect to the `stopAt` target (e.g. the client's callback). */
  stoppedAt?: string;
}

interface Cookie {
  name: string;
  value: string;
  path: string;
  expires?: number;
}

function decodeEntities(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!,
  );
}

/** The action and hidden fields of the form marked `data-form="<name>"`, if the page has one. */
export function findForm(html: string, name: string): { action: string; hidden: Record<string, string> } | undefined {
  const forms = html.match(/<form\b[^>]*>[\s\S]*?<\/form>/g) ?? [];
  for (const form of forms) {
    const open = /<form\b[^>]*>/.exec(form)![0];
    if (!open.includes(`data-form="${name}"`)) continue;
    const action = decodeEntities(/action="([^"]*)"/.exec(open)?.[1] ?? '');
    const hidden: Record<string, string> = {};
    for (const input of form.match(/<input\b[^>]*type="hidden"[^>]*>/g) ?? []) {
      const field = /name="([^"]*)"/.exec(input)?.[1];
      if (field) hidden[decodeEntities(field)] = decodeEntities(/value="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    return { action, hidden };
  }
  return undefined;
}

export class Browser {
  private readonly jar = new Map<string, Cookie>();

  private cookieHeader(url: URL): string | undefined {
    const now = Date.now();
    const matching = [...this.jar.values()].filter(
      (c) =>
        (c.expires === undefined || c.expires > now) &&
        (url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/'),
    );
    return matching.length ? matching.map((c) => `${c.name}=${c.value}`).join('; ') : undefined;
  }

  private store(url: URL, headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const cookie: Cookie = {
        name: pair!.slice(0, eq),
        value: pair!.slice(eq + 1),
        path: url.pathname.replace(/\/[^/]*$/, '') || '/',
      };
      for (const attr of attrs) {
        const [k, v = ''] = attr.split('=');
        const key = k!.toLowerCase();
        if (key === 'path') cookie.path = v;
        else if (key === 'max-age') cookie.expires = Date.now() + Number(v) * 1000;
        else if (key === 'expires' && cookie.expires === undefined) cookie.expires = Date.parse(v);
      }
      const id = `${cookie.name};${cookie.path}`;
      if (cookie.expires !== undefined && cookie.expires <= Date.now()) this.jar.delete(id);
      else this.jar.set(id, cookie);
    }
  }

  /** One request, no redirects followed. */
  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Page> {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader(target);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.store(target, res.headers);
    return { url: target.href, status: res.status, html: await res.text(), headers: res.headers };
  }

  /** Requests `url` and follows redirects (as GET) until a page answers or a redirect goes to `stopAt`. */
  async navigate(
    url: string,
    init: { method?: string; form?: Record<string, string>; stopAt?: string } = {},
  ): Promise<Page> {
    let page = await this.request(url, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = page.headers.get('location');
      if (page.status < 300 || page.status >= 400 || !location) return page;
      const next = new URL(location, page.url).href;
      if (init.stopAt && next.startsWith(init.stopAt)) return { ...page, stoppedAt: next };
      page = await this.request(next);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits the form `name` of `page` with `fields` (plus its hidden inputs). */
  async submit(page: Page, name: string, fields: Record<string, string>, stopAt?: string): Promise<Page> {
    const form = findForm(page.html, name);
    if (!form) throw new Error(`no form "${name}" on ${page.url} (status ${page.status})`);
    return this.navigate(new URL(form.action, page.url).href, {
      form: { ...form.hidden, ...fields },
      ...(stopAt ? { stopAt } : {}),
    });
  }
}
