import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/http/me/get-me.js';
import { ACCEPTED_TOKEN_USE, tokenRuleProblem } from '../../shared/auth-policy.js';
import { type RouteDef, routes } from '../../shared/routes.js';
import { httpEvent } from '../factories/http-event.js';
import { api, busIdle, createTestUser, openSocket, waitFor } from '../support/api.js';

/**
 * The token rule of shared/auth-policy.ts in both runtimes, and what each socket receives.
 * Locally the adapter verifies the token; in the cloud the HTTP API's JWT authorizer does (it would also
 * pass an access token of the same client), and the handler applies the rest of the rule.
 */

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

describe('one token rule: an ID token of the web client, in both runtimes', () => {
  it('the local API and WebSocket accept the ID token and refuse the same user’s access token (401)', async () => {
    const user = await createTestUser('client');
    expect(decode(user.idToken).token_use).toBe(ACCEPTED_TOKEN_USE);
    expect(decode(user.accessToken).token_use).toBe('access');
    expect((await api('GET', '/api/me', { token: user.idToken })).status).toBe(200);
    expect((await api('GET', '/api/me', { token: user.accessToken })).status).toBe(401);
    await expect(openSocket(user.accessToken)).rejects.toMatchObject({ status: 401 });
    const ok = await openSocket(user.idToken);
    await ok.close();
  });

  it('a handler refuses claims of an access token that the cloud JWT authorizer let through (401)', async () => {
    const user = await createTestUser('client');
    const route = (routes as readonly RouteDef[]).find((r) => r.handler === 'http/me/get-me') as RouteDef;

    const access = decode(user.accessToken);
    const asAccess = await handler(
      httpEvent(route, {
        claims: { sub: access.sub, 'cognito:groups': '[client]', token_use: 'access', client_id: access.client_id },
      }),
      {} as never,
    );
    expect((asAccess as { statusCode: number }).statusCode).toBe(401);
    const asId = await handler(
      httpEvent(route, { claims: { sub: user.userId, 'cognito:groups': '[client]', token_use: 'id' } }),
      {} as never,
    );
    expect((asId as { statusCode: number }).statusCode).toBe(200);
  });

  it('the rule itself: ID token only, and of this client when the audience is checked', () => {
    expect(tokenRuleProblem({ token_use: 'id', aud: 'web' }, 'web')).toBeUndefined();
    expect(tokenRuleProblem({ token_use: 'access', client_id: 'web' }, 'web')).toMatch(/Not an ID token/);
    expect(tokenRuleProblem({ token_use: 'id', aud: 'other' }, 'web')).toMatch(/another client/);
    expect(tokenRuleProblem({})).toMatch(/Not an ID token/);
  });
});

describe('what each socket receives', () => {
  it("a client's socket gets its own events only; the admins' events and other clients' never reach it", async () => {
    const [admin, alice, bob] = await Promise.all([
      createTestUser('admin'),
      createTestUser('client'),
      createTestUser('client'),
    ]);
    const [adminSocket, aliceSocket, bobSocket] = await Promise.all([
      openSocket(admin.idToken),
      openSocket(alice.idToken),
      openSocket(bob.idToken),
    ]);
    try {
      // An admin event: a new contact submission.
      const email = `realtime-${randomUUID()}@example.com`;
      const contact = await api('POST', '/api/public/contact', {
        headers: { 'x-viewer-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
        body: {
          firstName: 'Real',
          lastName: 'Time',
          email,
          phone: '941-555-0142',
          program: 'other',
          message: 'Socket check',
          dogName: 'Echo',
          dogBreed: 'Beagle',
          dogBirthDate: '2021-03-03',
          dogSex: 'male',
        },
      });
      expect(contact.status).toBe(201);
      // A client event: a message from the trainer to Alice.
      const subject = `For Alice ${randomUUID()}`;
      const sent = await api('POST', '/api/messages', {
        token: admin.idToken,
        body: { recipientIds: [alice.profileId], subject, content: 'Only for you' },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
      await busIdle();
      await waitFor(() => JSON.stringify(adminSocket.messages).includes(email));
      await waitFor(() => JSON.stringify(aliceSocket.messages).includes(subject));

      const alices = aliceSocket.messages as { type?: string }[];
      expect(alices.length).toBeGreaterThan(0);
      expect(JSON.stringify(alices)).not.toContain(email);
      // Everything Alice got is about her own inbox.
      for (const m of alices) expect(String(m.type), JSON.stringify(m)).toMatch(/^message\./);
      expect(JSON.stringify(bobSocket.messages)).not.toContain(email);
      expect(JSON.stringify(bobSocket.messages)).not.toContain(subject);
      expect(JSON.stringify(adminSocket.messages)).toContain(email);
    } finally {
      await Promise.all([adminSocket.close(), aliceSocket.close(), bobSocket.close()]);
    }
  });
});
