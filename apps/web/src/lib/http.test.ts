import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  doneEarlier,
  download,
  errorMessage,
  onUnauthorized,
  recordChanged,
  request,
} from './http';

const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function sentRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=abc%2F123';
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('request', () => {
  it('GETs under /api with the query, JSON accept header and no XSRF header', async () => {
    reply(200, { success: true, message: 'ok', data: { n: 1 } });
    const body = await request<{ n: number }>('/users', {
      query: { page: 2, name: '', role_id: undefined, status: 'verified' },
    });
    expect(body.data.n).toBe(1);
    const { url, init, headers } = sentRequest();
    expect(url).toBe('/api/users?page=2&status=verified');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('x-xsrf-token')).toBe(false);
  });

  it('sends JSON writes with the XSRF cookie value in the header', async () => {
    reply(200, { success: true, message: 'ok' });
    await request('/teams', { method: 'POST', body: { name: 'Lions' } });
    const { init, headers } = sentRequest();
    expect(init.body).toBe('{"name":"Lions"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('x-xsrf-token')).toBe('abc/123');
  });

  it('passes FormData through so the browser sets the multipart type', async () => {
    reply(200, { success: true, message: 'ok' });
    const form = new FormData();
    form.set('type', 'team_logos');
    await request('/media/upload', { method: 'POST', body: form });
    const { init, headers } = sentRequest();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('throws ApiError with the server message and field errors', async () => {
    reply(400, { success: false, message: 'Validation failed', errors: { name: ['Too short'] } });
    const error = await request('/roles', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      errors: { name: ['Too short'] },
    });
    expect(errorMessage(error, 'Failed to create role')).toBe('Validation failed');
  });

  it('uses the screen fallback when the server sent no message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    const error = await request('/dashboard').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502 });
    expect(errorMessage(error, 'Failed to load')).toBe('Failed to load');
  });

  it('tells the session about a 401', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    reply(401, { success: false, message: 'Please sign in to continue' });
    await expect(request('/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledOnce();
    stop();
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('/users')).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('Idempotency-Key', () => {
  const keyOf = (call: number) =>
    new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('idempotency-key');

  it('goes with every POST, and with nothing else', async () => {
    reply(201, { success: true, message: 'ok' });
    reply(200, { success: true, message: 'ok' });
    reply(200, { success: true, message: 'ok' });
    await request('/teams', { method: 'POST', body: { name: 'Lions' } });
    await request('/teams/1', { method: 'PUT', body: { name: 'Lions' } });
    await request('/teams');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(1)).toBeNull();
    expect(keyOf(2)).toBeNull();
  });

  it('is sent again when the connection is lost, in the client’s own retry', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    reply(201, { success: true, message: 'Team created', data: { id: 7 } });
    const body = await request<{ id: number }>('/teams', { method: 'POST', body: { name: 'Ox' } });
    expect(body.data.id).toBe(7);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keyOf(1)).toBe(keyOf(0));
  });

  it('is reused when the user sends the same submission again after a 503, and only then', async () => {
    const create = (name: string) => request('/roles', { method: 'POST', body: { name } });
    reply(503, { success: false, message: 'The service is temporarily unavailable.' });
    await expect(create('Scorers')).rejects.toMatchObject({ status: 503 });
    reply(409, { success: false, message: 'Still running' });
    await expect(create('Scorers')).rejects.toMatchObject({ status: 409 });
    reply(201, { success: true, message: 'Role created' });
    await create('Scorers');
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
    // Settled: the same submission made again is a new action; another body, another key.
    reply(201, { success: true, message: 'Role created' });
    reply(201, { success: true, message: 'Role created' });
    await create('Scorers');
    await create('Umpires');
    expect(keyOf(3)).not.toBe(keyOf(0));
    expect(new Set([keyOf(0), keyOf(3), keyOf(4)]).size).toBe(3);
  });

  it('is reused for an upload of the same file after a lost answer', async () => {
    const upload = () => {
      const form = new FormData();
      form.append('type', 'team_logos');
      form.append('files', new File(['png'], 'logo.png', { type: 'image/png', lastModified: 1 }));
      return request('/media/upload', { method: 'POST', body: form });
    };
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(upload()).rejects.toMatchObject({ status: 0 });
    reply(200, { success: true, message: 'Uploaded' });
    await upload();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(new Set([keyOf(0), keyOf(1), keyOf(2)]).size).toBe(1);
  });

  it('tells a submission the server had already carried out (412)', async () => {
    reply(412, { success: false, message: 'This was already saved by an earlier attempt.' });
    const error = await request('/teams', { method: 'POST', body: { name: 'Ox' } }).catch(
      (e: unknown) => e,
    );
    expect(doneEarlier(error)).toBe(true);
    expect(recordChanged(error)).toBe(false);
    expect(doneEarlier(new ApiError(409, 'x'))).toBe(false);
  });

  it('sends If-Match on a write and tells a record changed since (412 on PUT)', async () => {
    reply(412, { success: false, message: 'This record was changed by someone else.' });
    const error = await request('/teams/3', {
      method: 'PUT',
      body: { name: 'Ox' },
      ifMatch: 'W/"17"',
    }).catch((e: unknown) => e);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(new Headers(init.headers).get('if-match')).toBe('W/"17"');
    expect(recordChanged(error)).toBe(true);
    expect(doneEarlier(error)).toBe(false);
  });
});

describe('download', () => {
  it('reads the file as it arrives and answers it with the name the server gave', async () => {
    const parts = ['ID,Name\n', '1,Alpha\n2,', 'Bravo\n'];
    fetchMock.mockResolvedValueOnce(
      new Response(
        new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
            controller.close();
          },
        }),
        {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="teams-2026-11-27.csv"',
          },
        },
      ),
    );
    const seen: string[] = [];
    const file = await download('/teams/export', {
      query: { search: 'alpha', sort: undefined },
      onChunk: (chunk) => seen.push(new TextDecoder().decode(chunk)),
    });
    expect(sentRequest().url).toBe('/api/teams/export?search=alpha');
    expect(seen).toEqual(parts);
    expect(file.fileName).toBe('teams-2026-11-27.csv');
    expect(file.blob.size).toBe(parts.join('').length);
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
  });

  it("fails with the server's message, as a request does", async () => {
    reply(400, { success: false, message: 'Sort by one of: name', errors: {} });
    const failed = download('/teams/export', { query: { sort: 'password' } });
    await expect(failed).rejects.toMatchObject({ status: 400, message: 'Sort by one of: name' });
  });
});

describe("the first screen's reads in the page (decision 083)", () => {
  const USERS = '/api/users?page=1&limit=10';
  const embedded = { success: true, message: 'ok', data: { data: [{ id: 7 }] } };

  /** A fresh copy of the client, in a page whose JSON element holds `reads` (or this text). */
  async function clientInPage(reads: unknown) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'first-reads';
    element.textContent = typeof reads === 'string' ? reads : JSON.stringify(reads);
    document.body.append(element);
    vi.resetModules();
    return import('./http');
  }

  afterEach(() => {
    vi.restoreAllMocks();
    document.getElementById('first-reads')?.remove();
  });

  it('answers the matching GET from the page once, with its Link, then asks the server', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(500);
    const http = await clientInPage({ [USERS]: { body: embedded, link: '<a>; rel="next"' } });
    let link: string | null = null;
    const first = await http.request('/users', {
      query: { page: 1, limit: 10 },
      onHeaders: (headers) => (link = headers.get('link')),
    });
    expect(first).toEqual(embedded);
    expect(link).toBe('<a>; rel="next"');
    expect(fetchMock).not.toHaveBeenCalled();
    // The element is read once and taken out of the page.
    expect(document.getElementById('first-reads')).toBeNull();

    reply(200, { success: true, message: 'ok', data: { data: [] } });
    await http.request('/users', { query: { page: 1, limit: 10 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    reply(200, { success: true, message: 'ok', data: { data: [] } });
    await http.request('/users', { query: { page: 2, limit: 10 } });
    expect(sentRequest().url).toBe(USERS);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/users?page=2&limit=10');
  });

  it('never answers a write, nor a read after the first screen, from the page', async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(500);
    const http = await clientInPage({ [USERS]: { body: embedded }, '/api/teams': { body: {} } });
    reply(200, { success: true, message: 'saved' });
    await http.request('/teams', { method: 'POST', body: { name: 'Lions' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    now.mockReturnValue(60_000);
    reply(200, { success: true, message: 'ok', data: { data: [] } });
    expect(await http.request('/users', { query: { page: 1, limit: 10 } })).not.toEqual(embedded);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads from the server when the element is not valid JSON', async () => {
    const http = await clientInPage('{"cut sh');
    reply(200, { success: true, message: 'ok', data: { n: 1 } });
    expect((await http.request<{ n: number }>('/users')).data.n).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
