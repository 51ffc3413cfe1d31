// Calls the server's JSON API. Errors arrive as { code, message, field }; ApiError keeps them so
// pages show the catalogue message for the code.
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

type RequestOptions = {
  method?: string;
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
};

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
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
      throw new ApiError(0, 'TIMEOUT', 'Máy chủ không phản hồi. Vui lòng thử lại.');
    }
    throw new ApiError(0, 'NETWORK', 'Không thể kết nối tới máy chủ. Vui lòng thử lại.');
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data ?? {}) as { code?: string; message?: string; field?: string };
    throw new ApiError(
      response.status,
      error.code ?? 'HTTP_ERROR',
      error.message ?? `HTTP ${response.status}`,
      error.field,
    );
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
