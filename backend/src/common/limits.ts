/**
 * PostgreSQL's `integer` maximum. A number headed for an int4 column (or a count, offset or
 * limit) is refused above it, rather than failing the query.
 */
export const INT4_MAX = 2_147_483_647;
