// The one Zoom set-up of the tests: an emulator of Zoom's API with some users, a server configured
// against it, and (unless `pool: false`) the whole pool synced in by the admin, as an admin would.
// `cast: false` starts only the server and its admin; otherwise the school's usual cast
// (school.ts) comes with it.
import { startZoomEmulator, type ZoomEmulator, zoomEnv } from '../fakes/zoom-emulator.ts';
import { type School, startSchool } from './school.ts';
import { startTestServer, type TestClient, type TestServer } from './test-server.ts';
import { addWholeZoomPool } from './zoom-pool.ts';

interface ZoomOptions {
  /** Users of the emulated Zoom account (the pool's candidates); 3 unless said. */
  users?: number;
  /** false: the pool stays empty. */
  pool?: boolean;
}

export interface ZoomServer {
  zoom: ZoomEmulator;
  server: TestServer;
  admin: TestClient;
  /** Closes the server, then the emulator. */
  close(): Promise<void>;
}

export type ZoomSchool = School & ZoomServer;

/** An emulator with `users` users, and the environment that points a server at it. */
export async function startZoomAccount(users = 3) {
  const zoom = await startZoomEmulator();
  zoom.addUsers(users);
  return { zoom, env: zoomEnv(zoom) };
}

export async function startZoomSchool(
  options: ZoomOptions & Parameters<typeof startSchool>[0] & { cast?: true },
): Promise<ZoomSchool>;
export async function startZoomSchool(
  options: ZoomOptions & Parameters<typeof startTestServer>[0] & { cast: false },
): Promise<ZoomServer>;
export async function startZoomSchool(
  options: ZoomOptions & Parameters<typeof startSchool>[0] & { cast?: boolean },
): Promise<ZoomSchool | ZoomServer> {
  const { users, pool = true, cast = true, ...rest } = options;
  const { zoom, env } = await startZoomAccount(users);
  const serverOptions = { ...rest, env: { ...env, ...rest.env } };
  try {
    const school = cast
      ? await startSchool(serverOptions)
      : await (async () => {
          const server = await startTestServer(serverOptions);
          return { server, admin: await server.admin() };
        })();
    if (pool) await addWholeZoomPool(school.admin);
    return {
      ...school,
      zoom,
      async close() {
        await school.server.close();
        await zoom.close();
      },
    };
  } catch (error) {
    await zoom.close();
    throw error;
  }
}
