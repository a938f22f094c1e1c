import type { RouteTable } from './route-def.js';

/**
 * Conversations between a client and the trainer (docs/decisions/0047-conversations.md): the client's
 * routes are the client's only (an admin has no conversations of their own), the inbox the admin's.
 * A post deletes table items too: its search words, when its transaction was refused (ADR 0066).
 */
export const conversationRoutes = [
  {
    method: 'GET',
    path: '/api/me/conversations',
    handler: 'http/conversations/list-my-conversations',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/me/conversations',
    handler: 'http/conversations/start-conversation',
    needs: { table: 'delete' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/me/conversations/{threadId}',
    handler: 'http/conversations/get-my-conversation',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/me/conversations/{threadId}/posts',
    handler: 'http/conversations/post-my-conversation',
    needs: { table: 'delete' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/me/conversations/{threadId}/read',
    handler: 'http/conversations/read-my-conversation',
    needs: { table: 'write' },
    access: 'client',
  },
  // A reply to a received message joins (or starts) the conversation of that message's thread.
  {
    method: 'POST',
    path: '/api/me/messages/{id}/replies',
    handler: 'http/conversations/reply-to-message',
    needs: { table: 'delete' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/conversations',
    handler: 'http/conversations/list-conversations',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/conversations/unread-count',
    handler: 'http/conversations/get-unread-count',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/conversations/{threadId}',
    handler: 'http/conversations/get-conversation',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/conversations/{threadId}/posts',
    handler: 'http/conversations/post-conversation',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/conversations/{threadId}/read',
    handler: 'http/conversations/read-conversation',
    needs: { table: 'write' },
    access: 'admin',
  },
] as const satisfies RouteTable;
