import { createServer, type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { realtime } from '../../shared/routes.js';
import type { Invoke } from './handlers.js';
import { apiGatewayTime, awsLikeId, traceId } from './ids.js';

/**
 * The local stand-in for the WebSocket API: `$connect` / `$disconnect` invoke the same handlers as
 * in the cloud, and the same port serves the management API (`/@connections/{id}`) that
 * `@aws-sdk/client-apigatewaymanagementapi` calls, so the push code is identical.
 */

const LOCAL_WS_API_ID = 'localws';
/** API Gateway's limit for one message. */
const MAX_MESSAGE_BYTES = 128 * 1024;

interface Connection {
  id: string;
  socket: WebSocket;
  connectedAt: Date;
  lastActiveAt: Date;
  sourceIp: string;
  userAgent: string;
  host: string;
  headers: { single: Record<string, string>; multi: Record<string, string[]> };
}

export interface WebSocketGateway {
  server: Server;
  /** Open connections by id. */
  connections: Map<string, Connection>;
  close(): Promise<void>;
}

function originalHeaders(req: IncomingMessage) {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const k = req.rawHeaders[i];
    const v = req.rawHeaders[i + 1];
    single[k] = single[k] === undefined ? v : `${single[k]},${v}`;
    multi[k] ??= [];
    multi[k].push(v);
  }
  return { single, multi };
}

function baseRequestContext(c: Connection, routeKey: string, eventType: 'CONNECT' | 'DISCONNECT') {
  const now = new Date();
  return {
    routeKey,
    eventType,
    extendedRequestId: awsLikeId(),
    requestTime: apiGatewayTime(now),
    messageDirection: 'IN',
    stage: '$default',
    connectedAt: c.connectedAt.getTime(),
    requestTimeEpoch: now.getTime(),
    identity: { userAgent: c.userAgent, sourceIp: c.sourceIp },
    requestId: awsLikeId(),
    domainName: c.host,
    connectionId: c.id,
    apiId: LOCAL_WS_API_ID,
  };
}

function statusOf(result: unknown): number {
  if (result && typeof result === 'object' && typeof (result as { statusCode?: unknown }).statusCode === 'number') {
    return (result as { statusCode: number }).statusCode;
  }
  return 200;
}

function refuse(socket: Duplex, status: number, body: string) {
  const text = body || STATUS_CODES[status] || '';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

function errorReply(res: ServerResponse, status: number, type: string, message: string | null) {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-errortype': type,
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function createWebSocketGateway(opts: {
  invoke: Invoke;
  onError?: (message: string, error: unknown) => void;
}): WebSocketGateway {
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  function disconnect(c: Connection, code: number, reason: string) {
    if (!connections.delete(c.id)) return;
    const event = {
      headers: { Host: c.host, 'X-Forwarded-For': c.sourceIp },
      multiValueHeaders: { Host: [c.host], 'X-Forwarded-For': [c.sourceIp] },
      requestContext: {
        ...baseRequestContext(c, '$disconnect', 'DISCONNECT'),
        disconnectStatusCode: code,
        disconnectReason: reason,
      },
      isBase64Encoded: false,
    };
    opts.invoke(realtime.$disconnect, event).catch((e) => opts.onError?.('$disconnect handler failed', e));
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => {});
    const url = new URL(req.url ?? '/', 'http://localhost');
    const now = new Date();
    const headers = originalHeaders(req);
    const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const host = req.headers.host ?? '127.0.0.1';
    const c: Connection = {
      id: awsLikeId(),
      socket: undefined as unknown as WebSocket,
      connectedAt: now,
      lastActiveAt: now,
      sourceIp,
      userAgent: String(req.headers['user-agent'] ?? ''),
      host,
      headers,
    };
    const query: Record<string, string> = {};
    const multiQuery: Record<string, string[]> = {};
    for (const [k, v] of url.searchParams) {
      query[k] = v;
      multiQuery[k] ??= [];
      multiQuery[k].push(v);
    }
    const forwarded = {
      'X-Amzn-Trace-Id': traceId(now.getTime()),
      'X-Forwarded-For': sourceIp,
      'X-Forwarded-Port': String(req.socket.localPort ?? ''),
      'X-Forwarded-Proto': 'http',
    };
    const event = {
      headers: { ...headers.single, ...forwarded },
      multiValueHeaders: {
        ...headers.multi,
        ...Object.fromEntries(Object.entries(forwarded).map(([k, v]) => [k, [v]])),
      },
      ...(Object.keys(query).length
        ? { queryStringParameters: query, multiValueQueryStringParameters: multiQuery }
        : {}),
      requestContext: baseRequestContext(c, '$connect', 'CONNECT'),
      isBase64Encoded: false,
    };
    let result: unknown;
    try {
      result = await opts.invoke(realtime.$connect, event);
    } catch (e) {
      opts.onError?.('$connect handler failed', e);
      refuse(socket, 500, 'Internal server error');
      return;
    }
    const status = statusOf(result);
    if (status < 200 || status > 299) {
      const body = (result as { body?: unknown })?.body;
      refuse(socket, status, typeof body === 'string' ? body : '');
      return;
    }
    if (socket.destroyed) {
      // The client went away while $connect ran: the cloud would still send $disconnect.
      connections.set(c.id, c);
      disconnect(c, 1006, 'Client went away during connect');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      c.socket = ws;
      connections.set(c.id, c);
      ws.on('message', () => {
        c.lastActiveAt = new Date();
        // Clients never send routed messages: with no route for them API Gateway answers like this.
        ws.send(JSON.stringify({ message: 'Forbidden', connectionId: c.id, requestId: awsLikeId() }));
      });
      ws.on('pong', () => {
        c.lastActiveAt = new Date();
      });
      ws.on('close', (code, reason) =>
        disconnect(c, code, reason.length ? reason.toString('utf8') : `Client-side close frame status code '${code}'`),
      );
      ws.on('error', () => {});
    });
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    const m = path.match(/^(?:\/[^/@]+)?\/@connections\/([^/]+)$/);
    if (!m) {
      res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' });
      res.end(
        'This is the WebSocket API: connect with a WebSocket client (the management API is /@connections/{id}).\n',
      );
      return;
    }
    if (!req.headers.authorization) {
      errorReply(res, 403, 'ForbiddenException', 'Missing Authentication Token');
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(m[1]);
    } catch {
      errorReply(res, 400, 'BadRequestException', 'Invalid connection id');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const c = connections.get(id);
    if (!c || c.socket.readyState !== WebSocket.OPEN) {
      errorReply(res, 410, 'GoneException', null);
      return;
    }
    switch (req.method) {
      case 'POST': {
        if (body.length > MAX_MESSAGE_BYTES) {
          errorReply(res, 413, 'PayloadTooLargeException', 'Message too long');
          return;
        }
        try {
          await new Promise<void>((resolve, reject) =>
            c.socket.send(body.toString('utf8'), { binary: false }, (err) => (err ? reject(err) : resolve())),
          );
        } catch {
          errorReply(res, 410, 'GoneException', null);
          return;
        }
        res.writeHead(200, { 'content-length': '0' });
        res.end();
        return;
      }
      case 'GET': {
        const info = JSON.stringify({
          connectedAt: c.connectedAt.toISOString(),
          identity: { sourceIp: c.sourceIp, userAgent: c.userAgent },
          lastActiveAt: c.lastActiveAt.toISOString(),
        });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(info) });
        res.end(info);
        return;
      }
      case 'DELETE': {
        c.socket.close(1000, 'Connection closed by the server');
        res.writeHead(204);
        res.end();
        return;
      }
      default:
        errorReply(res, 405, 'MethodNotAllowedException', 'Method not allowed');
    }
  }

  const server = createServer((req, res) => {
    onRequest(req, res).catch((e) => {
      opts.onError?.('@connections request failed', e);
      if (!res.headersSent) errorReply(res, 500, 'InternalServerErrorException', 'Internal server error');
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    onUpgrade(req, socket, head).catch((e) => {
      opts.onError?.('WebSocket upgrade failed', e);
      socket.destroy();
    });
  });

  return {
    server,
    connections,
    async close() {
      for (const c of connections.values()) c.socket.terminate();
      connections.clear();
      wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
