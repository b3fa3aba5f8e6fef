import { describe, expect, it } from 'vitest';
import { termMatchesToken } from '@/domain/search/words';
import { WordsVocabulary } from '@/domain/search/wordsVocabulary';
import { seededRandom } from '../support/random';

// The server's vocabulary of listings' words (issue 20, words search at a national market's size):
// a term's matches found through the sorted tokens and their lengths are exactly the tokens the
// rule (termMatchesToken) matches, also after tokens are added and for a term asked before.

describe('words vocabulary', () => {
  const rand = seededRandom(20);
  const letters = 'aeiouhlrtxyz';
  const word = (min: number, max: number) => Array.from({ length: min + Math.floor(rand() * (max - min + 1)) }, () => letters[Math.floor(rand() * letters.length)]).join('');
  const tokens = () => Array.from({ length: 400 }, () => (rand() < 0.1 ? `${word(1, 2)}${Math.floor(rand() * 3000)}` : word(2, 10)));

  it('finds the tokens the rule matches, and those added later, for a term asked again', () => {
    const vocabulary = new WordsVocabulary();
    const all = new Set<string>();
    const terms = [...Array.from({ length: 150 }, () => word(1, 9)), '2', '20', '2015', 'hilux', 'toyta'];
    for (let round = 0; round < 3; round++) {
      const added = tokens();
      vocabulary.add(added);
      for (const t of added) all.add(t);
      expect(vocabulary.size).toBe(all.size);
      for (const term of terms) {
        const expected = [...all].filter((t) => termMatchesToken(term, t)).sort();
        expect([...vocabulary.matching(term)].sort(), term).toEqual(expected);
      }
    }
  });
});
