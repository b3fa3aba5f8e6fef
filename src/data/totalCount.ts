/**
 * The total a paged list call reports in its X-Total-Count header, trusted only when it is a number
 * at least as large as the page it came with (the page's own length otherwise).
 */
export function totalCount(res: Response, pageLength: number): number {
  const total = Number(res.headers.get('x-total-count'));
  return Number.isFinite(total) && total >= pageLength ? total : pageLength;
}
