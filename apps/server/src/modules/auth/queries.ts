/**
 * What other modules do with the session store (a module's repo is its own, ADR 0026): sign-in and
 * sign-out (session), the session's rotation (session-rotation), signing a user out everywhere (users)
 * and the nightly pruning (jobs). The rows' types are in db/rows.ts.
 */
export { createSession, deleteExpiredSessions, deleteSession, deleteUserSessions } from './session-repo';
