/**
 * What other modules read and change of the users' rows (a module's repo is its own, ADR 0026): the
 * password reset (password), sign-in and the session answer (session), a vendor's sign-up (vendors) and
 * the recipient of an order's mail (orders).
 */
export {
  findUserByEmail,
  findUserById,
  invalidateResetTokens,
  isEmailTaken,
  isEmailUniqueViolation,
  listAddressesWithInputs,
  updatePasswordDigest,
} from './repo';
