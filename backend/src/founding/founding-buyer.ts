/** The buyer's details as a founding checkout keeps them on its reservation. */
export interface FoundingBuyer {
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

/**
 * What a paid checkout writes onto the person's users row: only the fields they have not set
 * themselves, so a purchase never rewrites someone's own name or phone.
 */
export function unsetBuyerFields(
  person: FoundingBuyer,
  buyer: FoundingBuyer,
): Partial<Record<keyof FoundingBuyer, string>> {
  const changes: Partial<Record<keyof FoundingBuyer, string>> = {};
  for (const field of ['first_name', 'last_name', 'phone'] as const) {
    const value = buyer[field]?.trim();
    if (!person[field]?.trim() && value) changes[field] = value;
  }
  return changes;
}
