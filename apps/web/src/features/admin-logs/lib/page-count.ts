/**
 * The count TablePagination is given: -1 ('of more than N') while another page follows, else
 * the exact number of rows seen up to this page.
 */
export function pageCount(
  page: number,
  pageSize: number,
  data: { rows: readonly unknown[]; hasMore: boolean } | undefined,
): number {
  if (!data) {
    return 0;
  }
  return data.hasMore ? -1 : page * pageSize + data.rows.length;
}
