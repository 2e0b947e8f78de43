/** Calendar configuration: credentials switch a provider on, both halves of a pair are needed. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { calendarSyncFromConfig } from './setup';
import { calendarProviders } from './service';

const key = Buffer.alloc(32, 7);
const env = (extra: Record<string, string> = {}) => ({ DATA_DIR: '/tmp/stg-test-data', ...extra });

describe('calendar configuration', () => {
  it('leaves Google and Jobber off without credentials', () => {
    const config = loadConfig(env());
    expect(config.GOOGLE_OAUTH_TOKEN_URL).toBe('https://oauth2.googleapis.com/token');
    expect(config.JOBBER_BASE_URL).toBe('https://api.getjobber.com');
    expect(calendarProviders(calendarSyncFromConfig(config, key))).toEqual([
      { type: 'google', configured: false },
      { type: 'jobber', configured: false },
      { type: 'ics', configured: true },
    ]);
  });

  it('turns a provider on with its id and secret, returning vendors to PUBLIC_URL/dashboard/scheduling', () => {
    const config = loadConfig(
      env({
        PUBLIC_URL: 'https://stg.example.com/',
        GOOGLE_CLIENT_ID: 'gid',
        GOOGLE_CLIENT_SECRET: 'gsecret',
        GOOGLE_OAUTH_AUTHORIZE_URL: 'http://127.0.0.1:9/auth',
        JOBBER_CLIENT_ID: 'jid',
        JOBBER_CLIENT_SECRET: 'jsecret',
      }),
    );
    const sync = calendarSyncFromConfig(config, key);
    expect(calendarProviders(sync).every((p) => p.configured)).toBe(true);
    const google = new URL(sync.google!.authorizeUrl('google:s'));
    expect(google.origin).toBe('http://127.0.0.1:9');
    expect(google.searchParams.get('redirect_uri')).toBe('https://stg.example.com/dashboard/scheduling');
    const jobber = new URL(sync.jobber!.authorizeUrl('jobber:s'));
    expect(jobber.origin + jobber.pathname).toBe('https://api.getjobber.com/api/oauth/authorize');
  });

  it('names a half-configured provider, a bad endpoint and a bad key', () => {
    expect(() => loadConfig(env({ GOOGLE_CLIENT_ID: 'gid' }))).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig(env({ JOBBER_CLIENT_SECRET: 's' }))).toThrow(/JOBBER_CLIENT_ID/);
    expect(() => loadConfig(env({ JOBBER_BASE_URL: 'ftp://jobber' }))).toThrow(/JOBBER_BASE_URL/);
    expect(() => loadConfig(env({ CALENDAR_TOKEN_KEY: 'short' }))).toThrow(/CALENDAR_TOKEN_KEY/);
    expect(() => loadConfig(env({ CALENDAR_TOKEN_KEY: 'ab'.repeat(32) }))).not.toThrow();
  });
});
