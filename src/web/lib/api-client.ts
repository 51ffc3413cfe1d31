// Calls the server's JSON API. Errors arrive as { code, field, params, reason }, no sentence;
// ApiError keeps them so pages show the catalogue's text for the code (lib/error-text.ts).
import { t } from '#web/i18n/index.ts';
import { takeBootAnswer } from './boot.ts';

interface ErrorReply {
  code?: string;
  field?: string;
  params?: Record<string, string>;
  reason?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly params: Record<string, string> | undefined;
  readonly reason: string | undefined;

  constructor(status: number, code: string, message: string, reply: ErrorReply = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = reply.field;
    this.params = reply.params;
    this.reason = reply.reason;
  }
}

type RequestOptions = {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Sent as Idempotency-Key: a retry of the same create makes it once (server's http/idempotency). */
  idempotencyKey?: string;
};

/** The server refused (4xx): it said why, and asking again will not change the answer. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The first screen's reads came with the page (lib/boot.ts): answered as the server would.
  const booted =
    options.method === undefined && !options.json && !options.form && takeBootAnswer(path);
  if (booted) return answerOf<T>(booted.status, booted.body);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((s): s is AbortSignal => Boolean(s));
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: signals.length ? AbortSignal.any(signals) : undefined,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ApiError(0, 'TIMEOUT', t('error.TIMEOUT'));
    }
    throw new ApiError(0, 'NETWORK', t('error.NETWORK'));
  }
  const text = await response.text();
  return answerOf<T>(response.status, text ? safeJson(text) : null);
}

/** The reply's data, or the ApiError its status and body say. */
function answerOf<T>(status: number, data: unknown): T {
  if (status < 200 || status >= 300) {
    const error = (data ?? {}) as ErrorReply;
    throw new ApiError(status, error.code ?? 'HTTP_ERROR', `HTTP ${status}`, error);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
