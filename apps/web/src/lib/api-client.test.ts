import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stg/domain/validation';
import { mockApi } from '../test/mock-api';
import {
  api,
  ApiError,
  ensureCsrfToken,
  getCsrfToken,
  INVALID_AUTHENTICITY_TOKEN,
  normalizeErrors,
  setCsrfToken,
  UNEXPECTED_ERROR,
} from './api-client';

const invalidToken = { status: 403, body: { errors: ['Invalid Authenticity Token'] } };

describe('api client', () => {
  it('uses the shared messages', () => {
    expect(UNEXPECTED_ERROR).toBe(MESSAGES.unexpected);
    expect(INVALID_AUTHENTICITY_TOKEN).toBe(MESSAGES.invalidAuthenticityToken);
  });

  it('remembers the latest CSRF token and sends it with JSON on non-GET calls', async () => {
    const { calls } = mockApi({
      'GET /api/session': { body: { user: null }, headers: { 'X-CSRF-Token': 'first' } },
      'POST /api/things': { status: 201, body: { ok: true }, headers: { 'X-CSRF-Token': 'rotated' } },
    });
    await api.get('/api/session');
    expect(getCsrfToken()).toBe('first');
    await expect(api.post('/api/things', { a: 1 })).resolves.toEqual({ ok: true });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      body: { a: 1 },
      headers: { 'x-csrf-token': 'first', 'content-type': 'application/json' },
    });
    expect(getCsrfToken()).toBe('rotated');
  });

  it('fetches a token first when none was seen yet', async () => {
    const { calls } = mockApi({
      'GET /api/session': { body: { user: null }, headers: { 'X-CSRF-Token': 't1' } },
      'DELETE /api/session': { body: { user: null } },
    });
    await api.delete('/api/session');
    expect(calls.map((c) => c.method)).toEqual(['GET', 'DELETE']);
    expect(calls[1]!.headers['x-csrf-token']).toBe('t1');
  });

  it('asks for a token once for writes sent together before any token was seen (issue 23 #18)', async () => {
    setCsrfToken(null);
    const { calls } = mockApi({
      'GET /api/session': { body: { user: null }, headers: { 'X-CSRF-Token': 't1' } },
      'PUT /api/bookings/1': { body: { ok: true } },
      'POST /api/addresses/2/user_inputs': { body: { ok: true } },
    });
    await Promise.all([api.put('/api/bookings/1', {}), api.post('/api/addresses/2/user_inputs', {})]);
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(1);
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.headers['x-csrf-token'])).toEqual([
      't1',
      't1',
    ]);
  });

  it('gets a token ahead of a write, once, and not when one is known', async () => {
    setCsrfToken(null);
    const { calls } = mockApi({
      'GET /api/session': { body: { user: null }, headers: { 'X-CSRF-Token': 't2' } },
      'POST /api/things': { body: { ok: true } },
    });
    ensureCsrfToken();
    ensureCsrfToken();
    await api.post('/api/things', {});
    ensureCsrfToken();
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(calls[1]!.headers['x-csrf-token']).toBe('t2');
  });

  it('refreshes the token and retries once on "Invalid Authenticity Token"', async () => {
    setCsrfToken('stale');
    const { calls } = mockApi({
      'GET /api/session': { body: { user: null }, headers: { 'X-CSRF-Token': 'fresh' } },
      'POST /api/session': [invalidToken, { body: { user: { id: 1 } } }],
    });
    await expect(api.post('/api/session', {})).resolves.toEqual({ user: { id: 1 } });
    expect(calls.map((c) => `${c.method} ${c.headers['x-csrf-token'] ?? ''}`)).toEqual([
      'POST stale',
      'GET ',
      'POST fresh',
    ]);
  });

  it('retries only once', async () => {
    setCsrfToken('stale');
    const { calls } = mockApi({
      'GET /api/session': { body: {}, headers: { 'X-CSRF-Token': 'fresh' } },
      'POST /api/session': invalidToken,
    });
    await expect(api.post('/api/session', {})).rejects.toMatchObject({
      errors: ['Invalid Authenticity Token'],
    });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('normalises failures into a list of messages', async () => {
    setCsrfToken('t');
    mockApi({
      'POST /api/a': { status: 422, body: { errors: ['Email has already been taken'] } },
      'POST /api/b': { status: 500, body: { errors: ['stack trace'] } },
      'POST /api/c': { status: 429, body: { message: 'Too many sign-in attempts.' } },
    });
    await expect(api.post('/api/a')).rejects.toEqual(new ApiError(422, ['Email has already been taken']));
    await expect(api.post('/api/b')).rejects.toMatchObject({ status: 500, errors: [UNEXPECTED_ERROR] });
    await expect(api.post('/api/c')).rejects.toMatchObject({ errors: ['Too many sign-in attempts.'] });
  });

  it('keeps the parsed error body for callers that read more than the messages', async () => {
    setCsrfToken('t');
    const body = { error_type: 'not_logged_in', message: 'Please sign in.', errors: ['Please sign in.'] };
    mockApi({
      'POST /api/a': { status: 401, body },
      'POST /api/b': { status: 500, body: { errors: ['stack trace'] } },
      'POST /api/c': { status: 400 },
    });
    const refused = await api.post('/api/a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, errors: ['Please sign in.'], body });
    // A server failure keeps its body too, yet still shows only the generic message.
    await expect(api.post('/api/b')).rejects.toMatchObject({
      errors: [UNEXPECTED_ERROR],
      body: { errors: ['stack trace'] },
    });
    await expect(api.post('/api/c')).rejects.toMatchObject({ errors: [UNEXPECTED_ERROR], body: null });
    // Existing callers that build one by hand need not pass a body.
    expect(new ApiError(404, ['Not found']).body).toBeNull();
  });

  it.each([
    [400, null, [UNEXPECTED_ERROR]],
    [400, { errors: [] }, [UNEXPECTED_ERROR]],
    [404, { errors: 'Not found' }, ['Not found']],
    [401, { error: 'Nope' }, ['Nope']],
    [503, { errors: ['x'] }, [UNEXPECTED_ERROR]],
  ])('normalizeErrors(%i, %o)', (status, body, expected) => {
    expect(normalizeErrors(status, body)).toEqual(expected);
  });
});
