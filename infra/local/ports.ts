import { createServer } from 'node:net';

export interface LocalPorts {
  site: number;
  ws: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  ses: number;
  stripe: number;
  push: number;
}

export const DEFAULT_PORTS: LocalPorts = {
  site: 3000,
  ws: 3001,
  dynamodb: 8000,
  cognito: 9229,
  s3: 4569,
  ses: 8005,
  stripe: 12111,
  push: 7070,
};

const LABELS: Record<keyof LocalPorts, string> = {
  site: 'web site + HTTP API',
  ws: 'WebSocket API',
  dynamodb: 'DynamoDB Local',
  cognito: 'cognito-local',
  s3: 's3rver',
  ses: 'aws-ses-v2-local',
  stripe: 'Stripe Checkout stand-in',
  push: 'push service stand-in',
};

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Fails with one readable message naming every port that is already taken. */
export async function assertPortsFree(ports: LocalPorts): Promise<void> {
  const entries = Object.entries(ports) as [keyof LocalPorts, number][];
  const seen = new Map<number, string>();
  for (const [k, p] of entries) {
    const other = seen.get(p);
    if (other) throw new Error(`Port ${p} is configured twice (${other} and ${k}).`);
    seen.set(p, k);
  }
  const results = await Promise.all(entries.map(async ([k, p]) => ({ k, p, free: await isFree(p) })));
  const taken = results.filter((r) => !r.free);
  if (taken.length) {
    const list = taken.map((t) => `  - 127.0.0.1:${t.p} (${LABELS[t.k]})`).join('\n');
    throw new Error(
      `${taken.length === 1 ? 'This port is' : 'These ports are'} already in use:\n${list}\n` +
        'Another `npm start` (or test run) may still be running; stop it, or free the port ' +
        `(e.g. \`lsof -i :${taken[0].p}\` / \`ss -ltnp | grep ${taken[0].p}\`).`,
    );
  }
}
