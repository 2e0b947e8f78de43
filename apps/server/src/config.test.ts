import { describe, expect, it } from 'vitest';
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

describe('card payments', () => {
  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  };

  it('uses the sandbox without Stripe keys, Stripe with all three, and the sandbox when asked', () => {
    expect(loadConfig({}).paymentsProvider).toBe('sandbox');
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }).paymentsProvider).toBe(
      'sandbox',
    );
    expect(loadConfig(stripe).paymentsProvider).toBe('stripe');
    expect(loadConfig({ ...stripe, PAYMENTS_PROVIDER: 'sandbox' }).paymentsProvider).toBe('sandbox');
    expect(loadConfig({}).CHECKOUT_HOLD_MINUTES).toBe(10);
  });

  it('names a missing or malformed Stripe key, and a hold out of range', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: is required/,
    );
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: is required/);
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be/,
    );
    expect(() => loadConfig({ CHECKOUT_HOLD_MINUTES: '0' })).toThrow(/CHECKOUT_HOLD_MINUTES/);
  });
});

it('has a settable clock in development by default, on request in tests, and never in production', () => {
  expect(loadConfig({}).SETTABLE_CLOCK).toBe(true); // NODE_ENV defaults to development
  expect(loadConfig({ SETTABLE_CLOCK: 'false' }).SETTABLE_CLOCK).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test' }).SETTABLE_CLOCK).toBe(false);
  expect(loadConfig({ NODE_ENV: 'test', SETTABLE_CLOCK: 'true' }).SETTABLE_CLOCK).toBe(true);
  expect(loadConfig({ NODE_ENV: 'production' }).SETTABLE_CLOCK).toBe(false);
  expect(() => loadConfig({ NODE_ENV: 'production', SETTABLE_CLOCK: 'true' })).toThrow(
    /SETTABLE_CLOCK: may not be true with NODE_ENV=production/,
  );
});
