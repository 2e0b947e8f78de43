/** A path id: a positive integer that fits the database's integer column, else null (the domain's rule). */
export { parseId } from '@stg/domain/ids';
