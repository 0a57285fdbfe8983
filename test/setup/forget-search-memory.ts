// Test files share one workerd (vitest.config.ts, `isolate: false`) but each seeds its own database: what the
// search remembered of another file's words (their variants, counts, board spellings) is forgotten first, as
// a new isolate would start. Without it a word's variants read against another file's vocabulary (say without
// "cargadores") stayed for the next file that searched it.
import { forgetSearchMemory } from "../../src/search";

forgetSearchMemory();
