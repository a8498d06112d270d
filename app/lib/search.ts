// The members directory's search (/members?q=): every word of the query must appear in the
// member's name, username or a qualification, ignoring case and accents ("sinead" finds
// "Sinéad").

export const MAX_QUERY = 100;

/** Lower case without accents, for comparing. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The query as the form shows it: trimmed, inner spaces collapsed, at most MAX_QUERY characters. */
export const cleanQuery = (raw: string | null) => (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);

export function matchesQuery(
  member: { fullname: string; username: string; qualifications: string[] },
  query: string,
): boolean {
  const words = fold(query).split(' ').filter(Boolean);
  if (!words.length) return true;
  const haystack = fold([member.fullname, member.username, ...member.qualifications].join('\n'));
  return words.every((word) => haystack.includes(word));
}
