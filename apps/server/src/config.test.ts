import { expect, it } from 'vitest';
import { loadConfig } from './config';

it('defaults the mail settings, treating empty values as unset', () => {
  for (const env of [{}, { SMTP_URL: '', MAIL_FROM: '', SUPPORT_EMAIL: '' }]) {
    const c = loadConfig(env);
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.MAIL_FROM).toBe('Servo <no-reply@localhost>');
    expect(c.SUPPORT_EMAIL).toBe('support@example.com');
  }
});

it('reads the mail settings', () => {
  const c = loadConfig({
    SMTP_URL: 'smtp://user:pass@mail.example.com:587',
    MAIL_FROM: 'Servo <hello@example.com>',
    SUPPORT_EMAIL: 'help@example.com',
  });
  expect(c).toMatchObject({
    SMTP_URL: 'smtp://user:pass@mail.example.com:587',
    MAIL_FROM: 'Servo <hello@example.com>',
    SUPPORT_EMAIL: 'help@example.com',
  });
  expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com' }).SMTP_URL).toBe('smtps://mail.example.com');
});

it('names a wrong mail setting', () => {
  expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
  expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(/SUPPORT_EMAIL: must be an email address/);
});
