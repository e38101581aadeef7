// The API process: `tsx src/main.ts`. Honours API_PORT, DATA_DIR, DATABASE_URL, WEB_ORIGIN and the rest of
// config.ts; stops cleanly on SIGTERM/SIGINT.
import { loadConfig } from './config.ts';
import { buildServer } from './server.ts';

const config = loadConfig();
const app = await buildServer(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Posture Vision API on http://localhost:${config.port} (data in ${config.dataDir})`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}
