import type { RouteTable } from './route-def.js';

/**
 * Group classes (shared/domain/classes.ts, shared/domain/enrolments.ts): the trainer keeps the classes
 * and their rosters, a client enrols their dogs, cancels their own enrolments and takes a seat offered to
 * them from the waitlist (shared/domain/class-offers.ts).
 */
export const classRoutes = [
  {
    method: 'GET',
    path: '/api/classes',
    handler: 'http/classes/list-classes',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  {
    method: 'POST',
    path: '/api/classes',
    handler: 'http/classes/create-class',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/classes/{classId}',
    handler: 'http/classes/get-class',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  {
    method: 'PUT',
    path: '/api/classes/{classId}',
    handler: 'http/classes/update-class',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/classes/{classId}',
    handler: 'http/classes/delete-class',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/classes/{classId}/publish',
    handler: 'http/classes/publish-class',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/classes/{classId}/roster',
    handler: 'http/classes/get-class-roster',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/classes/{classId}/enrolments',
    handler: 'http/classes/enrol-dog',
    needs: { table: 'write' },
    access: 'client',
  },
  {
    method: 'DELETE',
    path: '/api/enrolments/{enrolmentId}',
    handler: 'http/classes/cancel-enrolment',
    needs: { table: 'write' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/class-meetings',
    handler: 'http/classes/list-class-meetings',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  // The public class pages' seats figures (cached at the edge, at most a minute old).
  {
    method: 'GET',
    path: '/api/public/classes/seats',
    handler: 'http/classes/get-class-seats',
    needs: { table: 'read' },
    access: 'public',
    throttle: { rate: 100, burst: 200 },
  },
  {
    method: 'POST',
    path: '/api/enrolments/{enrolmentId}/accept',
    handler: 'http/classes/accept-offer',
    needs: { table: 'write' },
    access: 'client',
  },
  {
    method: 'PUT',
    path: '/api/classes/{classId}/meetings/{meetingId}/attendance',
    handler: 'http/classes/mark-attendance',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/classes/{classId}/meetings/{meetingId}/cancel',
    handler: 'http/classes/cancel-meeting',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/classes/{classId}/meetings/{meetingId}/move',
    handler: 'http/classes/move-meeting',
    needs: { table: 'write' },
    access: 'admin',
  },
] as const satisfies RouteTable;
