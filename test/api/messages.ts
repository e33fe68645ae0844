// A registration's messages as the organizer's API lists them, for the sending tests.
import { expect } from 'vitest';
import { messageSchema, type Message } from '../../src/shared/message.schema.ts';
import { api, withId } from '../../src/shared/paths.ts';
import type { TestServer } from '../servers/test-server.ts';

export async function listMessages(
  server: TestServer,
  adminCookie: string,
  registrationId: string,
): Promise<Message[]> {
  const response = await server.request(withId(api.adminMessages, registrationId), {
    headers: { cookie: adminCookie },
  });
  expect(response.status).toBe(200);
  return messageSchema.array().parse(await response.json());
}
