/**
 * A colour's name the way the database compares it: the unique index of a product's colours is on
 * `lower(name)`, which lowers each character alone. JavaScript's `toLowerCase` on the whole name
 * follows the word rule instead (`ΑΣ` is `ας` to it, `ασ` to the database), so every comparison of
 * colour names (the editor, the import's dry run and its apply) goes through this one function.
 */
export const colourKey = (name: string): string => [...name].map((character) => character.toLowerCase()).join('');
