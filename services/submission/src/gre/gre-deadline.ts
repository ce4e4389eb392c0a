/**
 * SUNAT accepts a guide only until the day after its issue date (spec despatch rule 7), so a guide's sending
 * deadline is the end of that day in Lima (UTC−5 all year).
 */
export function greDeadline(issueDate: string): Date {
  const start = new Date(`${issueDate}T00:00:00.000-05:00`);
  if (Number.isNaN(start.getTime())) throw new RangeError(`invalid issue date ${issueDate}`);
  return new Date(start.getTime() + 2 * 24 * 3600 * 1000 - 1);
}
