import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';

/**
 * The two emulators that run inside this process (plain Node libraries): s3rver for S3 and
 * aws-ses-v2-local for SES (its inbox UI is at `/`, the sent mail as JSON at `/store`).
 */

export interface InProcessEmulator {
  url: string;
  stop(): Promise<void>;
}

function corsXml(origins: string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    allowed +
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod>' +
    '<AllowedMethod>POST</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}

export async function startS3(opts: {
  port: number;
  directory: string;
  bucket: string;
  origins: string[];
  silent: boolean;
}): Promise<InProcessEmulator> {
  mkdirSync(opts.directory, { recursive: true });
  const { default: S3rver } = await import('s3rver');
  const s3 = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.directory,
    silent: opts.silent,
    configureBuckets: [{ name: opts.bucket, configs: [corsXml(opts.origins)] }],
  });
  await s3.run();
  return {
    url: `http://127.0.0.1:${opts.port}`,
    async stop() {
      const server = (s3 as unknown as { httpServer?: Server }).httpServer;
      server?.closeAllConnections();
      await s3.close().catch(() => {});
    },
  };
}

export async function startSes(opts: { port: number }): Promise<InProcessEmulator> {
  const mod = (await import('aws-ses-v2-local')) as unknown as {
    default: ((c: { host: string; port: number }) => Promise<Server>) | { default: (c: object) => Promise<Server> };
  };
  // CommonJS module: under ESM its export `default` sits on the module object's `default`.
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const server = await start({ host: '127.0.0.1', port: opts.port });
  return {
    url: `http://127.0.0.1:${opts.port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
