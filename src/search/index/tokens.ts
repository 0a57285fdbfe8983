// The one tokenizer of the search: what unicode61 would index (letters, digits and combining marks,
// lower case; it folds the rest). Shared by the query parser and the thesaurus.
/** Letters, digits and combining marks, lower case: what unicode61 would index (it folds the rest). */
export function tokenize(text: string): string[] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((t) => t.length > 0 && /[\p{L}\p{N}]/u.test(t));
}
