// npm run lint (and test/search/thesaurus.test.ts): the repair thesaurus (src/search/thesaurus) has no
// ambiguous term (one in two concepts), no duplicate, no concept without both languages or a source note.
import { CONCEPTS, thesaurusProblems } from "../src/search/thesaurus";

const problems = thesaurusProblems(CONCEPTS);
for (const p of problems) console.error(`thesaurus: ${p}`);
if (problems.length) process.exit(1);
console.log(`thesaurus: ${CONCEPTS.length} concepts, ${CONCEPTS.reduce((n, c) => n + c.terms.length, 0)} terms, no problem`);
