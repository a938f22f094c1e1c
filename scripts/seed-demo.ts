/**
 * `npm run seed:demo -- --clients 2000`: fills the table of a running `npm start` (DynamoDB Local on
 * 127.0.0.1:8000, table pawsitive-local) with demo clients, dogs and contact submissions.
 * `--port` and `--table` point it elsewhere.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    port: { type: 'string', default: '8000' },
    table: { type: 'string', default: 'pawsitive-local' },
  },
});
const clients = Number(values.clients);
if (!Number.isInteger(clients) || clients < 1 || clients > 100_000) {
  console.error('--clients must be a whole number from 1 to 100000');
  process.exit(2);
}
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.TABLE_NAME = values.table;
process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${values.port}`;
process.env.AWS_REGION ??= 'us-east-1';

const { seedDemo } = await import('./demo-data.js');
const started = Date.now();
try {
  const done = await seedDemo(clients, Date.now() % 1_000_000);
  console.log(
    `Added ${done.clients} clients, ${done.dogs} dogs and ${done.submissions} contact submissions in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (e) {
  console.error(
    `Could not seed: ${(e as Error).message}\nIs \`npm start\` running (DynamoDB Local on port ${values.port})?`,
  );
  process.exit(1);
}
