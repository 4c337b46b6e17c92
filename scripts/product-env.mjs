// The environment of the built product (apps/server/dist/main.js) that a script or a benchmark starts on its own:
// on a loopback port with its own data folder, as `npm start` runs it otherwise. Shared by smoke-lts.mjs and the
// reads benchmark.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** PORT, HOST, PUBLIC_URL (http://127.0.0.1:port), DATA_DIR, WEB_DIST and MQTT_PORT for a product on `port`. */
export function loopbackProductEnv(port, dataDir) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: join(root, 'apps/web/dist'),
    // any free port for the embedded MQTT broker, so a running dev server does not collide
    MQTT_PORT: '0',
  };
}
