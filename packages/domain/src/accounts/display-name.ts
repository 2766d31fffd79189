/** The name shown for a person: first and last name, or the e-mail when both are empty. */
export function displayName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
