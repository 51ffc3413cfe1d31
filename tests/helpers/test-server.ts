// Starts the real server on a loopback port with a fresh database, and gives tests an HTTP
// client that keeps its own session cookie, like a browser would.
import { type Config, loadConfig } from '#server/config.ts';
import type { Clock } from '#server/context.ts';
import { createServer, type Server } from '#server/server.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password' };

export interface TestServer {
  server: Server;
  config: Config;
  baseUrl: string;
  database: TestDatabase;
  client(): TestClient;
  admin(): Promise<TestClient>;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    database?: TestDatabase;
    /** Settings env variables do not reach, such as where the built web app lives. */
    overrides?: Partial<Config>;
    /** false: the lesson jobs do not run by themselves; the test runs them at chosen instants. */
    jobs?: boolean;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase(undefined, { migrated: true }));
  const loaded = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    ...options.env,
  });
  const config = { ...loaded, ...options.overrides };
  const server = await createServer(config, {
    clock: options.clock,
    print: () => {},
    jobs: options.jobs,
  });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = address;
  const client = () => new TestClient(baseUrl);
  return {
    server,
    config,
    baseUrl,
    database,
    client,
    async admin() {
      const admin = client();
      await admin.login(ADMIN.email, ADMIN.password);
      return admin;
    },
    async close() {
      await server.close();
      if (!options.database) await database.drop();
    },
  };
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

type Body = { json: unknown } | { form: FormData } | { raw: string | Uint8Array; type: string };

export class TestClient {
  readonly baseUrl: string;
  cookie: string | undefined;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request<T = any>(
    method: string,
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h.cookie = this.cookie;
    if (body && 'json' in body) {
      h['content-type'] = 'application/json';
      init.body = JSON.stringify(body.json);
    } else if (body && 'form' in body) {
      init.body = body.form;
    } else if (body && 'raw' in body) {
      h['content-type'] = body.type;
      init.body = typeof body.raw === 'string' ? body.raw : new Uint8Array(body.raw);
    }
    const response = await fetch(this.baseUrl + url, init);
    const setCookie = response.headers.getSetCookie();
    for (const line of setCookie) {
      const [pair] = line.split(';');
      if (!pair) continue;
      const [name, value] = pair.split('=');
      if (name === 'edu_session') this.cookie = value ? `${name}=${value}` : undefined;
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) {
      parsed = text ? JSON.parse(text) : null;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, json?: unknown) {
    return this.request<T>('POST', url, json === undefined ? undefined : { json });
  }
  put<T = any>(url: string, json: unknown) {
    return this.request<T>('PUT', url, { json });
  }
  patch<T = any>(url: string, json: unknown) {
    return this.request<T>('PATCH', url, { json });
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }
  upload<T = any>(url: string, file: { bytes: Uint8Array; name: string; type: string }) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return this.request<T>('POST', url, { form });
  }

  async login(email: string, password: string) {
    const response = await this.post('/api/auth/login', { email, password });
    if (response.status !== 200) {
      throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
    }
    return response;
  }
}
