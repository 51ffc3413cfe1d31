// The realtime hub: features publish change events; the /api/events stream delivers them.
// One process: an in-memory emitter. Several processes on one PostgreSQL database: every
// event goes through NOTIFY and each process LISTENs, so clients of every process hear it.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { AppEvent } from '#common/events.ts';
import { pgDriver } from '#server/db/connection.ts';

/** Every event is one of the contract's (src/common/events.ts). */
export type RealtimeEvent = AppEvent;
export { INTERNAL_EVENT_PREFIX } from '#common/events.ts';

export interface EventHub {
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

export function createLocalHub(): EventHub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'edu_center_events';
const RECONNECT_DELAY_MS = 1_000;

export function createPostgresHub(databaseUrl: string, pool: pg.Pool): EventHub {
  const local = createLocalHub();
  // This process hears its own events at once (not after a round trip through the server), and
  // skips them when they come back as notifications.
  const origin = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    if (closed) return;
    const next = new (pgDriver().Client)({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin: from, event } = JSON.parse(message.payload) as {
          origin: string;
          event: RealtimeEvent;
        };
        if (from !== origin) void local.publish(event);
      } catch {
        // Not ours: ignore.
      }
    });
    next.on('error', () => {
      // The server went away: reconnect after a pause. Events raised meanwhile are missed;
      // browsers refetch on reconnect of their own stream.
      if (client === next) client = undefined;
      next.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), RECONNECT_DELAY_MS).unref();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      client = next;
    } catch {
      next.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), RECONNECT_DELAY_MS).unref();
    }
  };
  const ready = connect();

  return {
    async publish(event) {
      await local.publish(event);
      await ready;
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ origin, event })]);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await ready;
      await client?.end().catch(() => {});
      await local.close();
    },
  };
}
