/** The id of an expandable Stripe field, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
