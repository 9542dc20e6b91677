import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disallowedCharacterMessage,
  INPUT_TOO_DEEP_MESSAGE,
  MAX_INPUT_DEPTH,
} from '@cricket/contracts';
import { createTestApp, snapshot, type TestApp } from '../test/harness';

/**
 * Generated from the OpenAPI document, itself generated from the contracts' request schemas:
 * every field of every body, query and path gets a character no field may hold, and must be
 * refused at validation with the message on that field, storing nothing.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every leaf of a body schema, as a path: nested objects and the first item of an array. */
function leaves(
  schema: JsonSchema | undefined,
  path: (string | number)[] = [],
): (string | number)[][] {
  if (!schema) return [path];
  const variant = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].find(
    (s) => s.properties || s.items,
  );
  if (variant) return leaves(variant, path);
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([k, s]) => leaves(s, [...path, k]));
  if (schema.items) return leaves(schema.items, [...path, 0]);
  return [path];
}

function withValueAt(path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === 'number'
    ? [withValueAt(rest, value)]
    : { [head!]: withValueAt(rest, value) };
}

interface Case {
  name: string;
  method: string;
  url: string;
  payload?: unknown;
  field: string;
}

/** `raw` goes into bodies; `encoded`, where a URL can carry it, into queries and paths. */
function cases(raw: string, encoded?: string): Case[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const out: Case[] = [];
  for (const [route, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const url = route.replace(/\{[^}]+\}/g, '1');
      for (const p of op.parameters ?? []) {
        if (p.in === 'query' && encoded) {
          out.push({
            name: `${method} ${route} ?${p.name}`,
            method,
            url: `${url}?${p.name}=a${encoded}b`,
            field: p.name,
          });
        }
        if (p.in === 'path' && encoded) {
          const bad = route.replace(`{${p.name}}`, `1${encoded}`).replace(/\{[^}]+\}/g, '1');
          out.push({ name: `${method} ${route} :${p.name}`, method, url: bad, field: p.name });
        }
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!body) continue;
      for (const path of leaves(body)) {
        out.push({
          name: `${method} ${route} body ${path.join('.')}`,
          method,
          url,
          payload: withValueAt(path, `a${raw}b`),
          field: path.join('.'),
        });
      }
    }
  }
  return out;
}

describe('a NUL byte in any field of any request', () => {
  it('covers every route that takes input', () => {
    const all = cases('\u0000', '%00');
    expect(all.length).toBeGreaterThan(60);
    expect(all.some((c) => c.name === 'post /api/roles body name')).toBe(true);
    expect(
      all.some((c) => c.name === 'put /api/teams/{id}/players/{playerId} body player_name'),
    ).toBe(true);
    expect(all.some((c) => c.name === 'get /api/users ?name')).toBe(true);
  });

  it('is refused as 400 with the message on that field, and stores nothing', async () => {
    const before = await snapshot(t.db);
    const wrong: string[] = [];
    for (const c of cases('\u0000', '%00')) {
      const res = await t.as(admin, {
        method: c.method.toUpperCase() as 'GET',
        url: c.url,
        ...(c.payload !== undefined && { payload: c.payload as object }),
      });
      // A NUL in a path segment may not even match the route: 404 is as good as 400 there.
      const ok = c.name.includes(' :')
        ? res.statusCode === 400 || res.statusCode === 404
        : res.statusCode === 400 &&
          (res.json().errors?.[c.field] ?? []).includes(disallowedCharacterMessage(0));
      if (!ok) wrong.push(`${c.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe.each([
  ['an escape (C0 control)', '\u001b', '%1B', 0x1b],
  ['a C1 control', '\u0085', '%C2%85', 0x85],
  // A URL cannot carry a lone surrogate (its UTF-8 does not exist): bodies only.
  ['a lone high surrogate', 'x\ud800', undefined, 0xd800],
  ['a lone low surrogate', '\udc00', undefined, 0xdc00],
])('%s in any field of any request', (_name, raw, encoded, codePoint) => {
  it('is refused as 400 with the message on that field, and stores nothing', async () => {
    const before = await snapshot(t.db);
    const wrong: string[] = [];
    for (const c of cases(raw, encoded).filter((c) => !c.name.includes(' :'))) {
      const res = await t.as(admin, {
        method: c.method.toUpperCase() as 'GET',
        url: c.url,
        ...(c.payload !== undefined && { payload: c.payload as object }),
      });
      const ok =
        res.statusCode === 400 &&
        (res.json().errors?.[c.field] ?? []).includes(disallowedCharacterMessage(codePoint));
      if (!ok) wrong.push(`${c.name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('an id past what PostgreSQL stores', () => {
  const TOO_BIG = 2_147_483_648;
  it.each([
    ['GET', `/api/users?role_id=${TOO_BIG}`, undefined],
    ['GET', `/api/matches?tournament_id=${TOO_BIG}`, undefined],
    ['GET', `/api/users?page=${TOO_BIG}`, undefined],
    ['POST', '/api/roles', { name: 'Big ids', permission_ids: [TOO_BIG] }],
    ['POST', '/api/teams', { name: 'Big Owners', initials: 'BO', owner_id: TOO_BIG }],
    ['POST', '/api/teams/1/players/multiple', { players: [{ user_id: TOO_BIG }] }],
    ['PUT', '/api/teams/1/players/1', { player_role: TOO_BIG }],
  ])('%s %s is refused with 400, not a database error', async (method, url, payload) => {
    const before = await snapshot(t.db);
    const res = await t.as(admin, {
      method: method as 'GET',
      url,
      ...(payload && { payload }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('text that is welcome', () => {
  it('keeps tabs, line breaks and emoji (a surrogate pair)', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/roles',
      payload: { name: 'Scorers 🏏', description: 'Line one\r\nLine two\tend' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('a body nested past the limit', () => {
  // Written as text: JSON.stringify itself would recurse through a deep value.
  const body = (depth: number) =>
    `{"name":${'['.repeat(depth)}"x"${']'.repeat(depth)},"email":"a@b.co","password":"x"}`;

  it.each([
    ['POST', '/api/user/login'],
    ['POST', '/api/contact'],
    ['POST', '/api/roles'],
  ])('is refused by %s %s with 400 before anything walks it', async (method, url) => {
    for (const depth of [MAX_INPUT_DEPTH + 1, 2_000]) {
      const res = await t.as(admin, {
        method: method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body(depth),
      });
      expect(res.statusCode, `${url} at depth ${depth}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: INPUT_TOO_DEEP_MESSAGE });
      expect(res.body).not.toMatch(/at \w+ \(/);
    }
  });
});

describe('names that only look the same', () => {
  const create = (name: string) =>
    t.as(admin, { method: 'POST', url: '/api/roles', payload: { name } });

  it.each([
    ['admin\u200b', 'Role name must not contain invisible or control characters'],
    ['admin\u202e', 'Role name must not contain invisible or control characters'],
    ['\u0430dmin', 'Role name must not mix letters of different alphabets in one word'],
  ])('refuses role %j with a clear message', async (name, message) => {
    const res = await create(name);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.name).toEqual([message]);
  });

  it('normalises a full-width name to the one it looks like, which is taken', async () => {
    const res = await create('ａｄｍｉｎ');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.name).toEqual(['Role name is already in use']);
  });

  it('still takes names in any one alphabet', async () => {
    for (const name of ['Москва', 'Ελλάδα', 'मुंबई इंडियंस', 'Chennai Super Kings']) {
      expect((await create(name)).statusCode).toBe(201);
    }
  });

  it('refuses a zero-width character in a user name and a team name too', async () => {
    const user = await t.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: { first_name: 'Ra\u200bhul' },
    });
    expect(user.json().errors.first_name).toEqual([
      'First name must not contain invisible or control characters',
    ]);
    const team = await t.as(admin, {
      method: 'POST',
      url: '/api/teams',
      payload: { name: 'Team\u2060A' },
    });
    expect(team.json().errors.name).toEqual([
      'Team name must not contain invisible or control characters',
    ]);
  });
});
