// A channel's health alone, on a clock the test moves: paused when its credentials are refused,
// probed with one message once the pause is up, sending again when an answer shows they work,
// and an operator's log that says so once instead of once a message.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { channelHealth } from './channel-health.ts';
import type { DeliveryResult } from './delivery-result.ts';

const probeEveryMs = 60_000;
const refused: DeliveryResult = { kind: 'credentials', code: '535', message: 'Senha recusada.' };
const accepted: DeliveryResult = { kind: 'accepted', providerId: 'x' };
const temporary: DeliveryResult = { kind: 'temporary', code: '421', message: 'Tente depois.' };

function setUp() {
  let now = 1_000_000;
  const wakes: number[] = [];
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String(JSON.parse(chunk.toString()).msg));
      done();
    },
  });
  const health = channelHealth({
    configured: ['email', 'whatsapp'],
    probeEveryMs,
    log: Fastify({ logger: { level: 'info', stream } }).log,
    wakeAt: (at) => wakes.push(at),
    now: () => now,
  });
  return { health, wakes, lines, pass: (ms: number) => (now += ms), now: () => now };
}

describe('a channel’s health', () => {
  it('pauses a channel whose credentials are refused, and asks to be woken for its probe', () => {
    const { health, wakes, lines, now } = setUp();
    expect(health.learn('email', refused, false)).toEqual({
      paused: true,
      message: 'Senha recusada.',
    });
    expect(health.open()).toEqual(['whatsapp']);
    expect(wakes).toEqual([now() + probeEveryMs]);
    // Every message in flight says the same: one line for the operator.
    health.learn('email', refused, false);
    expect(lines.filter((line) => line.includes('email sending paused'))).toHaveLength(1);
  });

  it('probes a paused channel with one message once its pause is up', () => {
    const { health, pass } = setUp();
    health.learn('email', refused, false);
    expect(health.dueForProbe()).toEqual([]);
    pass(probeEveryMs);
    expect(health.dueForProbe()).toEqual(['email']);
    health.probing('email');
    expect(health.dueForProbe()).toEqual([]);
    // A probe that could not be claimed is tried again.
    health.probeDropped('email');
    expect(health.dueForProbe()).toEqual(['email']);
  });

  it('keeps the channel paused after a probe the provider could not answer', () => {
    const { health, wakes, pass, now } = setUp();
    health.learn('email', refused, false);
    pass(probeEveryMs);
    health.probing('email');
    expect(health.learn('email', temporary, true)).toBeUndefined();
    expect(health.open()).toEqual(['whatsapp']);
    expect(health.dueForProbe()).toEqual([]);
    expect(wakes.at(-1)).toBe(now() + probeEveryMs);
  });

  it('sends again once an answer shows the credentials work, and says so once', () => {
    const { health, lines, pass } = setUp();
    health.learn('email', refused, false);
    pass(probeEveryMs);
    health.probing('email');
    expect(health.learn('email', accepted, true)).toEqual({ paused: false });
    expect(health.open()).toEqual(['email', 'whatsapp']);
    expect(health.learn('email', accepted, false)).toBeUndefined();
    expect(lines.filter((line) => line === 'email sending works')).toHaveLength(1);
  });

  it('clears, once, a pause the panel may show from another instance or an earlier run', () => {
    const { health } = setUp();
    const permanent: DeliveryResult = { kind: 'permanent', code: '550', message: 'Não existe.' };
    expect(health.learn('whatsapp', permanent, false)).toEqual({ paused: false });
    expect(health.learn('whatsapp', accepted, false)).toBeUndefined();
  });

  it('learns nothing from a message no provider was asked about', () => {
    const { health, pass } = setUp();
    health.learn('email', refused, false);
    pass(probeEveryMs);
    health.probing('email');
    const unsendable: DeliveryResult = { kind: 'unsendable', code: 'gone', message: 'Removida.' };
    expect(health.learn('email', unsendable, true)).toBeUndefined();
    expect(health.open()).toEqual(['whatsapp']);
    // Probed again with the next message.
    expect(health.dueForProbe()).toEqual(['email']);
  });

  it('logs messages waiting for another try once per channel and reason every five minutes', () => {
    const { health, lines, pass } = setUp();
    const waiting = () => lines.filter((line) => line.includes('wait for another try')).length;
    health.learn('email', temporary, false);
    health.learn('email', temporary, false);
    health.learn('whatsapp', temporary, false);
    expect(waiting()).toBe(2);
    pass(5 * 60_000);
    health.learn('email', temporary, false);
    expect(waiting()).toBe(3);
  });
});
