/** One thing wrong with an import file, named by its JSON path (`$.threads[3].author`). */
export interface ImportProblem {
  path: string;
  message: string;
}
