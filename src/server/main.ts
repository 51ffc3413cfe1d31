// Starts Edu Center: `npm start`.
import { ConfigError, loadConfig } from './config.ts';
import { collectStartUpGarbage, installMemoryReport } from './lib/memory-report.ts';
import { createServer } from './server.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.memoryReportFile) installMemoryReport(config.memoryReportFile);
  const server = await createServer(config);
  const address = await server.listen();
  collectStartUpGarbage();
  const shownAddress = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  console.log(
    `Edu Center is running at ${shownAddress} (database: ${
      config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`
    })`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error('Edu Center failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
