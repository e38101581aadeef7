// `pnpm --filter @posture-vision/api db:migrate`: creates the database the API uses (DATABASE_URL, or the embedded
// one in DATA_DIR) and brings it to the newest schema, then exits. The API does the same at every start; this is
// for preparing a database before the first start (a new server, or the tests' template: testkit services.ts).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';

const database = await openDatabase(loadConfig());
await database.close();
console.log(`the ${database.kind} database is on the newest schema`);
