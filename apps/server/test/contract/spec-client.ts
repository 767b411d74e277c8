/**
 * A client written from the spec alone (spec §3, §4, §7): it knows the paths, the request
 * shapes and the field names, nothing of our web app or our database. It talks real HTTP to
 * the app listening on an ephemeral port, with the headers it chooses.
 */
import { build, type TestApp } from '../build.ts';

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface SpecServer {
  url: string;
  app: TestApp;
  close(): Promise<void>;
}

/** The app on 127.0.0.1 and an ephemeral port, on a fresh database (PGlite, or PostgreSQL in CI). */
export async function startServer(): Promise<SpecServer> {
  const app = await build();
  const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, app, close: () => app.close() };
}

type Body =
  | { json: unknown }
  | { form: Record<string, string | number | (string | number)[]>; file?: Blob }
  | { raw: string; contentType?: string }
  | undefined;

export class SpecClient {
  /** The access token of the login response (§3), when signed in. */
  access: string | null = null;

  constructor(private readonly base: string) {}

  /** A second client on the same server that holds no token. */
  anonymous(): SpecClient {
    return new SpecClient(this.base);
  }

  async call<T = unknown>(
    method: string,
    path: string,
    body?: Body,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.access && !('authorization' in h)) h.authorization = `Bearer ${this.access}`;
    if (body && 'json' in body) {
      h['content-type'] ??= 'application/json';
      init.body = JSON.stringify(body.json);
    } else if (body && 'form' in body) {
      const form = new FormData();
      for (const [name, value] of Object.entries(body.form))
        for (const v of Array.isArray(value) ? value : [value]) form.append(name, String(v));
      if (body.file) form.append('image', body.file, 'image.png');
      init.body = form;
    } else if (body && 'raw' in body) {
      if (body.contentType !== undefined) h['content-type'] = body.contentType;
      init.body = body.raw;
    }
    const res = await fetch(new URL(path, this.base), init);
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = unknown>(path: string) {
    return this.call<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: Body) {
    return this.call<T>('POST', path, body);
  }
  put<T = unknown>(path: string, body?: Body) {
    return this.call<T>('PUT', path, body);
  }
  delete<T = unknown>(path: string) {
    return this.call<T>('DELETE', path);
  }

  /**
   * §4 Registration: create the user, create the profile with the chosen status (§7 does not
   * mark that call auth, so none is sent), then log in.
   */
  async register(
    username: string,
    status: 'CUSTOMER' | 'STORE_OWNER',
    password = 'Gurten-Aussicht-1879',
  ): Promise<{ id: number; username: string; password: string }> {
    const user = await this.anonymous().post<{ id: number }>('/api/users/registration/', {
      json: { username, email: `${username}@example.ch`, password },
    });
    if (user.status !== 201) throw new Error(`registration: ${user.status} ${user.text}`);
    const profile = await this.anonymous().post('/api/profiles/new/', {
      json: { user: user.body.id, status },
    });
    if (profile.status !== 201) throw new Error(`profile: ${profile.status} ${profile.text}`);
    await this.login(username, password);
    return { id: user.body.id, username, password };
  }

  async login(username: string, password: string): Promise<Answer<{ access: string; id: number }>> {
    this.access = null;
    const res = await this.post<{ access: string; id: number }>('/api/users/login/', {
      json: { username, password },
    });
    if (res.status === 200) this.access = res.body.access;
    return res;
  }
}

let counter = 0;
/** A username no other test of the run uses. */
export function freshName(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 7)}`;
}

/** A tiny valid PNG (1×1, red), as a client's file input would send it. */
export const PNG_1X1 = new Blob(
  [
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    ),
  ],
  { type: 'image/png' },
);
