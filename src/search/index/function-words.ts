// The words a query holds that say no fault of their own: function words and negations, Spanish and English.
/** Spanish and English function words: no meaning of their own in a search for any word. */
export const FUNCTION_WORDS = new Set(
  [
    "a al an and are as at be by con de del el en for from in is it la las le lo los my no not of on or por que se sin the to un una y with",
    // More of the Snowball stop lists' pronouns, articles, quantifiers and connectives: "del todo", "when gaming",
    // "some keys" say how or when, not what.
    "all any but es esta este esto hay its me mi mis muy pero some su sus te this that todo toda todos todas very when while ya",
    // The Spanish for "when", "while" and "as soon as" ("cuando juego", "en cuanto quito el cargador"): they say when.
    "cuando cuanto mientras",
    // The other clitic pronouns ("no les anda", "se nos murió") and the "s" of "brick's", "it's".
    "les nos s",
    // Time adverbs ("y ahora no prende", "still dead", "again"): they say when, and every generated post's "hasta ahora".
    "ahora ahorita todavia aun now still already again",
  ]
    .join(" ")
    .split(" "),
);
/** Negations, Spanish and English (`t` is what "won't", "doesn't" and "can't" end in once tokenized). */
export const NEGATIONS = new Set(["no", "not", "ni", "sin", "nunca", "never", "t"]);
