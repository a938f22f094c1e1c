import { expect, inject } from 'vitest';
import { api, type TestUser, waitFor } from './api.js';

/** A device of the local push-service stand-in (infra/local/push-service.ts): what a browser's PushManager gives. */
export interface StandInDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const pushUrl = () => inject('urls').push;

export async function newDevice(): Promise<StandInDevice> {
  const res = await fetch(`${pushUrl()}/_local/push/subscriptions`, { method: 'POST' });
  if (res.status !== 201) throw new Error(`push stand-in: ${res.status}`);
  return (await res.json()) as StandInDevice;
}

const deviceId = (d: StandInDevice) => new URL(d.endpoint).pathname.split('/').pop();

/** The decrypted payloads the device received, oldest first. */
export async function deliveries(d: StandInDevice): Promise<unknown[]> {
  const res = await fetch(`${pushUrl()}/_local/push/${deviceId(d)}/deliveries`);
  const list = (await res.json()) as { payload: string }[];
  return list.map((x) => JSON.parse(x.payload));
}

/** From now on the push service answers 410 Gone for the device (the browser dropped it). */
export async function dropDevice(d: StandInDevice): Promise<void> {
  await fetch(`${pushUrl()}/_local/push/${deviceId(d)}/gone`, { method: 'POST' });
}

/** A new stand-in device, subscribed for `u` through the API (what the Settings switch does). */
export async function subscribed(u: TestUser): Promise<StandInDevice> {
  const d = await newDevice();
  const res = await api('PUT', '/api/me/push-subscriptions', { token: u.idToken, body: d });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return d;
}

/** The device's first deliveries, once it has some. */
export async function received(d: StandInDevice): Promise<unknown[]> {
  return waitFor(async () => {
    const list = await deliveries(d);
    return list.length ? list : undefined;
  });
}
