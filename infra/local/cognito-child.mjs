// Runs cognito-local (started by infra/local/cognito.ts with its working directory set to the data
// folder, because cognito-local keeps its data in ./.cognito). Exits when stdin closes, so it never
// outlives the Node process that started it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
require('cognito-local/lib/bin/start.js');
