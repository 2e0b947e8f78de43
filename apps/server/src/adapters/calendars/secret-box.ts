/**
 * Encryption at rest for calendar secrets (OAuth tokens, secret iCal addresses): AES-256-GCM with a
 * random 12-byte nonce per value, stored as "v1:<nonce>:<tag>:<ciphertext>" in base64url.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The calendar secret key must be 32 bytes');
    this.key = key;
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', nonce, tag, body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join(':');
  }

  /** The plain text; throws when the value was not sealed with this key or was altered. */
  open(sealed: string): string {
    const [version, nonce, tag, body] = sealed.split(':');
    if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/** A key from configuration: 32 bytes as 64 hex characters or base64 / base64url; null when malformed. */
export function parseSecretKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  const b = Buffer.from(t, t.includes('-') || t.includes('_') ? 'base64url' : 'base64');
  return b.length === 32 ? b : null;
}
