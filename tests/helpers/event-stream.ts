// Reads a server-sent event stream the way a browser's EventSource would.
export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface EventStreamReader {
  status: number;
  /** Resolves with the first event of that type received from now on (or already buffered). */
  next(type: string, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(
  baseUrl: string,
  cookie?: string,
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: cookie ? { cookie, accept: 'text/event-stream' } : { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: { type: string; resolve: (event: StreamEvent) => void }[] = [];
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });

  const deliver = (event: StreamEvent) => {
    const index = waiters.findIndex((w) => w.type === event.event);
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(event);
    else events.push(event);
  };

  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let split = buffer.indexOf('\n\n');
          while (split >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            let type = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) type = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length) deliver({ event: type, data: JSON.parse(data.join('\n')) });
            split = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted by close().
      }
      resolveEnded();
    })();
  } else {
    resolveEnded();
  }

  return {
    status: response.status,
    ended,
    next(type, timeoutMs = 5_000) {
      const index = events.findIndex((e) => e.event === type);
      if (index >= 0) return Promise.resolve(events.splice(index, 1)[0]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${type}" event within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          type,
          resolve: (event) => {
            clearTimeout(timer);
            resolve(event);
          },
        });
      });
    },
    close: () => controller.abort(),
  };
}
