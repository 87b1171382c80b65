/** filipino-badwords-list ships no types: a CommonJS object of three views of one word list. */
declare module 'filipino-badwords-list' {
  const list: { array: string[]; object: Record<string, number>; regex: RegExp };
  export default list;
}
