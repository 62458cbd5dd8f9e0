/**
 * Words that mark a secret copied from documentation rather than generated. Each is long enough
 * that a random secret practically never holds it by chance.
 */
const PLACEHOLDER_WORDS = [
  'changeme',
  'replaceme',
  'placeholder',
  'yoursecret',
  'secretkey',
  'example',
  'randomcharacters',
  'randomsecret',
  'randomstring',
  'goeshere',
];

/** A generated secret of 24 characters or more uses far more distinct characters than this. */
const FEWEST_DISTINCT_CHARACTERS = 10;

/**
 * Whether a secret is one a person typed or copied from the production docs instead of generating: such a
 * secret is in every copy of the production docs and in every shop that copied it (decision 044).
 */
export function isPlaceholderSecret(secret: string): boolean {
  const letters = secret.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (PLACEHOLDER_WORDS.some((word) => letters.includes(word))) return true;
  return new Set(secret).size < FEWEST_DISTINCT_CHARACTERS;
}
