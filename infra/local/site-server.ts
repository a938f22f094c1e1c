import { existsSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { RuntimeConfig } from '../../shared/contracts/runtime-config.js';
import { isPublicMediaKey } from '../../shared/media-keys.js';
import { contentSecurityPolicy, MEDIA_CONTENT_SECURITY_POLICY } from '../cloud/csp.js';
import {
  CDN_DISTRIBUTION_HEADER,
  ORIGIN_VERIFY_HEADER,
  prerenderedPages,
  ROUTER_IMPORT,
  siteRouterCode,
  siteRoutes,
  VIEWER_IP_HEADER,
} from '../cloud/site-router.js';
import { type AdapterRequest, type ApiDeps, handleApiRequest, MAX_REQUEST_BYTES } from './http-adapter.js';
import { readRouteStore } from './site-files.js';

/**
 * The local stand-in for CloudFront: one origin serving the built web app, `/config.json` and the
 * HTTP API under `/api`, with the cloud's security headers, caching rules and compression.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml|[^;]*\+json)/i;
/** CloudFront compresses objects between 1,000 bytes and 10 MB. */
const MIN_COMPRESS_BYTES = 1000;

export { contentSecurityPolicy };

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
}

export interface MediaOrigin {
  /** s3rver's URL. */
  s3Url: string;
  bucket: string;
}

export interface SiteServerOptions {
  /** Folder of the built web app, or null (non-API paths then answer 503). */
  webDist: string | null;
  /** The build whose pages and routes make the site router's code (default: `webDist`). */
  routerBuild?: string;
  /** The local route store file (the cloud's KeyValueStore) the router reads; omit for an empty store. */
  routeStore?: string;
  config: RuntimeConfig;
  csp: string;
  api: ApiDeps;
  /** Local-only control endpoints under `/__local/` (return false when the path is unknown). */
  control?: (req: IncomingMessage, body: Buffer) => Promise<{ status: number; body?: unknown } | undefined>;
  /** Serves `/media/*` from this bucket (the cloud's CloudFront behavior); omit for 404. */
  media?: MediaOrigin;
  /**
   * The origin secret added to every `/api/*` request as `x-origin-verify`, as CloudFront's origin custom
   * header does (the handlers refuse requests without it). Omit to send none.
   */
  originSecret?: string;
  /** Load tests only: keep a caller's `x-viewer-ip` (see LocalRuntimeOptions.trustViewerIpHeader). */
  trustViewerIpHeader?: boolean;
  /** Access log of API requests (omit for silence). */
  log?: (line: string) => void;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

function acceptedEncoding(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const ae = String(req.headers['accept-encoding'] ?? '');
  const accepts = (name: string) =>
    ae.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      if (token.trim().toLowerCase() !== name) return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return !q || Number(q.slice(2)) > 0;
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

async function compress(body: Buffer, enc: 'br' | 'gzip', quality: number): Promise<Buffer> {
  return enc === 'br'
    ? brotli(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: Math.min(9, quality) });
}

function isCompressible(headers: Record<string, string | string[]>, size: number): boolean {
  const type = headers['content-type'];
  return (
    size >= MIN_COMPRESS_BYTES &&
    size <= 10 * 1024 * 1024 &&
    typeof type === 'string' &&
    COMPRESSIBLE.test(type) &&
    !headers['content-encoding']
  );
}

async function send(req: IncomingMessage, res: ServerResponse, reply: Reply, csp: string): Promise<void> {
  const headers: Record<string, string | string[]> = { ...securityHeaders(csp), ...reply.headers };
  let body = reply.body;
  if (isCompressible(headers, body.length)) {
    headers.vary = 'accept-encoding';
    const enc = acceptedEncoding(req);
    if (enc) {
      body = await compress(body, enc, 5);
      headers['content-encoding'] = enc;
    }
  }
  headers['content-length'] = String(body.length);
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const text = (status: number, message: string, extra: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...extra },
  body: Buffer.from(`${message}\n`),
});

const json = (status: number, value: unknown, extra: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
  body: Buffer.from(value === undefined ? '' : JSON.stringify(value)),
});

/** Reads the body; returns undefined (and the caller answers 413) past `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolvePromise, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => resolvePromise(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  raw: Buffer;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

type SiteRouterFunction = (event: {
  context?: { eventType: 'viewer-request' | 'viewer-response' };
  request: { uri: string };
  response?: { statusCode: number; statusDescription?: string };
}) => Promise<{ uri: string; statusCode: number }>;

/**
 * The cloud's site function (infra/cloud/site-router.ts), evaluated here so the laptop applies exactly the
 * same rules, for both of its events, with the same inputs: the code made from the build's pages and
 * routes (`routerBuild`, read again when that folder changes), and a stand-in for its KeyValueStore, the
 * route store file the local render writes (infra/local/site-files.ts fileRouteStore). The function's one
 * import, `cloudfront`, is given as that stand-in: `kvs().get` answers a key's value or fails for a
 * missing key, as CloudFront's does.
 */
function cloudSiteRouter(
  routerBuild: string,
  routeStore: string | undefined,
): (uri: string) => Promise<{ uri: string; status: number }> {
  let cached: { stamp: number; fn: SiteRouterFunction } | undefined;
  const cf = {
    kvs: () => ({
      async get(key: string) {
        const value = routeStore ? readRouteStore(routeStore)[key] : undefined;
        if (value === undefined) throw new Error(`Key not found: ${key}`);
        return value;
      },
    }),
  };
  return async (uri) => {
    let stamp = 0;
    try {
      stamp = statSync(routerBuild).mtimeMs;
    } catch {}
    if (!cached || cached.stamp !== stamp || Date.now() - stamp < 2000) {
      const code = siteRouterCode(prerenderedPages(routerBuild), siteRoutes(routerBuild));
      if (!code.startsWith(ROUTER_IMPORT)) throw new Error('The site router code does not start with its import');
      const body = code.slice(ROUTER_IMPORT.length);
      cached = { stamp, fn: new Function('cf', `${body}\nreturn handler;`)(cf) as SiteRouterFunction };
    }
    const routed = (await cached.fn({ context: { eventType: 'viewer-request' }, request: { uri } })).uri;
    const response = await cached.fn({
      context: { eventType: 'viewer-response' },
      request: { uri },
      response: { statusCode: 200 },
    });
    return { uri: routed, status: response.statusCode };
  };
}

/** The file under `webDist` for a routed URI (S3 decodes the key), or undefined when it escapes. */
export function fileForUri(webDist: string, uri: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const root = resolve(webDist);
  const target = resolve(root, `.${normalize(`/${decoded}`)}`);
  return target.startsWith(root + sep) ? target : undefined;
}

/** Cache-Control as the cloud deploys the files: hashed assets immutable, everything else revalidated. */
function cacheControl(webDist: string, file: string): string {
  const rel = file.slice(resolve(webDist).length).split(sep).join('/');
  if (rel.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=0, must-revalidate';
}

/**
 * The API request headers as CloudFront forwards them: the cloud's `/api/*` viewer function sets
 * `x-viewer-ip` to the visitor's IP and CloudFront adds `CloudFront-Viewer-Address: ip:port`, both
 * overwriting what the caller sent, and the origin secret as `x-origin-verify` (ADR 0018). So a caller
 * cannot pose as many visitors; tests that need several connect from different loopback addresses.
 */
/** What the local edge passes as the distribution id (invalidations are only recorded locally). */
export const LOCAL_DISTRIBUTION_ID = 'LOCAL';

function viewerHeaders(
  req: IncomingMessage,
  originSecret: string | undefined,
  trustViewerIpHeader = false,
): Record<string, string[] | undefined> {
  const headers: Record<string, string[] | undefined> = { ...req.headersDistinct };
  const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  if (!trustViewerIpHeader || !headers[VIEWER_IP_HEADER]?.length) headers[VIEWER_IP_HEADER] = [ip];
  headers['cloudfront-viewer-address'] = [`${ip}:${req.socket.remotePort ?? 0}`];
  headers[CDN_DISTRIBUTION_HEADER] = [LOCAL_DISTRIBUTION_ID];
  if (originSecret) headers[ORIGIN_VERIFY_HEADER] = [originSecret];
  else delete headers[ORIGIN_VERIFY_HEADER];
  return headers;
}

/**
 * The path CloudFront matches cache behaviors against (RFC 3986 normalisation): percent-encoded
 * unreserved characters decoded, then dot segments removed. `/media/%2e%2e/clients/x` is `/clients/x`
 * here, so it is not a `/media/*` request at all.
 */
export function behaviorPath(raw: string): string {
  const decoded = raw.replace(/%([0-9a-f]{2})/gi, (m, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : m.toUpperCase();
  });
  const out: string[] = [];
  const segments = decoded.split('/').slice(1);
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '.' || segment === '..') {
      if (segment === '..') out.pop();
      if (last) out.push('');
    } else out.push(segment);
  });
  return `/${out.join('/')}`;
}

/**
 * `/media/*` like the cloud's behavior: the object whose key is the viewer's path, percent-decoded as S3
 * decodes it, read-only, and only a plain key under `media/` (what the bucket policy lets CloudFront read).
 * S3 takes `media/../clients/x` as a literal name that no object has; s3rver would resolve it on disk,
 * so such a key is refused here before the bucket is asked (docs/decisions/0036-media-paths-and-object-keys.md).
 */
async function proxyMedia(req: IncomingMessage, rawPath: string, media: MediaOrigin): Promise<Reply> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
  let key: string;
  try {
    key = decodeURIComponent(rawPath.slice(1));
  } catch {
    return text(400, 'Bad Request');
  }
  if (!isPublicMediaKey(key)) return text(404, 'Not Found');
  const forward: Record<string, string> = {};
  for (const h of ['range', 'if-none-match', 'if-modified-since']) {
    const v = req.headers[h];
    if (typeof v === 'string') forward[h] = v;
  }
  const path = key.split('/').map(encodeURIComponent).join('/');
  const res = await fetch(`${media.s3Url}/${media.bucket}/${path}`, { method: req.method, headers: forward });
  const headers: Record<string, string> = {};
  for (const h of ['content-type', 'etag', 'last-modified', 'content-range', 'accept-ranges', 'cache-control']) {
    const v = res.headers.get(h);
    if (v) headers[h] = v;
  }
  if (res.status === 404 || res.status === 403) return text(404, 'Not Found');
  headers['content-security-policy'] = MEDIA_CONTENT_SECURITY_POLICY;
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}

export function createSiteServer(opts: SiteServerOptions): Server {
  const cache = new Map<string, CachedFile>();
  let router: ReturnType<typeof cloudSiteRouter> | undefined;
  const configBody = Buffer.from(JSON.stringify(opts.config, null, 2));

  async function serveStatic(req: IncomingMessage, pathname: string): Promise<Reply> {
    const dist = opts.webDist;
    if (!dist || !existsSync(dist)) {
      return text(
        503,
        'The web app is not built yet. Run `npm run build:web` (or restart `npm start` without --no-build). ' +
          'The API is available under /api.',
      );
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return text(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    }
    router ??= cloudSiteRouter(opts.routerBuild ?? dist, opts.routeStore);
    const { uri, status } = await router(pathname);
    const file = fileForUri(dist, uri);
    if (!file) return text(400, 'Bad Request');
    let st: Awaited<ReturnType<typeof stat>>;
    try {
      st = await stat(file);
      if (!st.isFile()) throw new Error('not a file');
    } catch {
      // The cloud's private bucket answers 403 here (no ListBucket); 404 says more locally.
      return text(404, 'Not Found');
    }
    let entry = cache.get(file);
    if (!entry || entry.mtimeMs !== st.mtimeMs || entry.size !== st.size) {
      entry = { mtimeMs: st.mtimeMs, size: st.size, raw: await readFile(file), encoded: {} };
      cache.set(file, entry);
    }
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cacheControl(dist, file),
      etag,
      'last-modified': new Date(st.mtimeMs).toUTCString(),
    };
    if (req.headers['if-none-match'] === etag) return { status: 304, headers, body: Buffer.alloc(0) };
    // Static text is compressed once (at a higher quality) and kept.
    const enc = acceptedEncoding(req);
    if (enc && isCompressible(headers, entry.raw.length)) {
      entry.encoded[enc] ??= await compress(entry.raw, enc, 9);
      return {
        status,
        headers: { ...headers, 'content-encoding': enc, vary: 'accept-encoding' },
        body: entry.encoded[enc] as Buffer,
      };
    }
    return { status, headers, body: entry.raw };
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    const url = req.url ?? '/';
    if (!url.startsWith('/')) return text(400, 'Bad Request');
    const pathname = url.split('?')[0];
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > MAX_REQUEST_BYTES) {
        req.resume();
        return json(413, { message: 'Request Entity Too Large' }, { connection: 'close' });
      }
      const body = await readBody(req, MAX_REQUEST_BYTES);
      if (!body) return json(413, { message: 'Request Entity Too Large' });
      const areq: AdapterRequest = {
        method: req.method ?? 'GET',
        url,
        headers: viewerHeaders(req, opts.originSecret, opts.trustViewerIpHeader),
        sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
        protocol: `HTTP/${req.httpVersion}`,
        body,
        port: req.socket.localPort ?? 0,
      };
      const r = await handleApiRequest(areq, opts.api);
      return { status: r.statusCode, headers: r.headers, body: r.body };
    }
    if (pathname.startsWith('/__local/') && opts.control) {
      const body = (await readBody(req, MAX_REQUEST_BYTES)) ?? Buffer.alloc(0);
      const r = await opts.control(req, body);
      if (r) return json(r.status, r.body, { 'cache-control': 'no-store' });
      return json(404, { message: 'Not Found' });
    }
    // Behaviors are matched on the normalised path, as CloudFront does; the origin gets the path as written.
    const matched = behaviorPath(pathname);
    if (matched.startsWith('/media/')) {
      return opts.media ? proxyMedia(req, pathname, opts.media) : text(404, 'Not Found');
    }
    if (pathname === '/config.json') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
      return {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
        body: configBody,
      };
    }
    return serveStatic(req, matched);
  }

  return createServer(async (req, res) => {
    const started = Date.now();
    let reply: Reply;
    try {
      reply = await route(req);
    } catch (e) {
      opts.api.onError?.(`${req.method} ${req.url}: local server error`, e);
      reply = json(500, { message: 'Internal Server Error' });
    }
    try {
      await send(req, res, reply, opts.csp);
    } catch {
      res.destroy();
    }
    if (opts.log && req.url?.startsWith('/api')) {
      opts.log(`${req.method} ${req.url} -> ${reply.status} (${Date.now() - started} ms)`);
    }
  });
}
