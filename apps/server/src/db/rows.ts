/**
 * Row types many modules pass around (the signed-in user, the session), below every module so that
 * naming them does not make a module depend on the session module (ADR 0026).
 */
import type { sessions, users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
