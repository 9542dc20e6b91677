import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PATH_PARAM_LENGTH,
  PATH_MESSAGES,
  disallowedCharacterMessage,
} from '@cricket/contracts';
import { createTestApp, type TestApp } from '../test/harness';

// Found by the contract fuzzer (contract-fuzz.test.ts): each once answered 500, or a body
// that is not the Error schema.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('the error answers', () => {
  it.each(['constructor', '__proto__', 'toString'])(
    'refuse a bad field named %s like any other field',
    async (field) => {
      const res = await t.as(admin, {
        method: 'GET',
        url: `/api/users?${field}=a%07b`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: disallowedCharacterMessage(7),
        errors: { [field]: [disallowedCharacterMessage(7)] },
      });
    },
  );

  it('refuses a path parameter longer than the router reads with the error body', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: `/api/users/${'1'.repeat(MAX_PATH_PARAM_LENGTH + 1)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: PATH_MESSAGES.tooLong });
  });

  it('refuses a path that is not correctly percent-encoded with the error body', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: PATH_MESSAGES.badEncoding });
  });
});
