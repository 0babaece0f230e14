/**
 * The indefinite article of a phrase of the messages: `a facebook metric`, `an instagram metric`
 * (network names, metric and field words: none of them starts with a silent consonant or a
 * vowel sounded as a consonant, so the first letter decides).
 */
export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}
