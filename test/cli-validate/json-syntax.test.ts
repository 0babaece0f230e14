/** Locating JSON syntax errors: line, column, truncation; no recursion on deep input. */
import { describe, expect, it } from 'vitest';
import { findSyntaxError, lineColumn, parseJson } from '../../src/captures/json-syntax.js';

describe('parseJson', () => {
  it('parses valid JSON', () => {
    expect(parseJson('{"a":[1,2.5e3,"x\\u00e9",true,false,null,{}]}')).toEqual({ ok: true, value: { a: [1, 2500, 'xé', true, false, null, {}] } });
  });

  it.each([
    ['{"a":}', 'malformed JSON at line 1, column 6: expected a value, found "}"'],
    ['{"a" 1}', 'malformed JSON at line 1, column 6: expected ":", found "1}"'],
    ['[1,]', 'malformed JSON at line 1, column 4: expected a value, found "]"'],
    ['{"a":1}}', 'malformed JSON at line 1, column 8: expected the end of the text, found "}"'],
    ['{\n  "a": 1,\n  "b": x}', 'malformed JSON at line 3, column 8: expected a value, found "x}"'],
    ['{"a":"x\ny"}', 'malformed JSON at line 1, column 8: expected a complete string, found "\\ny\\"}"'],
    ['{"a":"\\q"}', 'malformed JSON at line 1, column 7: expected a complete string, found "\\\\q\\"}"'],
    ['{1:2}', 'malformed JSON at line 1, column 2: expected a property name or "}", found "1:2}"'],
    ['[01]', 'malformed JSON at line 1, column 3: expected "," or "]", found "1]"'],
  ])('locates the error in %j', (text, message) => {
    expect(parseJson(text)).toMatchObject({ ok: false, message });
  });

  it.each([
    ['{"a":1', 'truncated JSON: the text ends at line 1, column 7 where "," or "}" is expected'],
    ['[1,2', 'truncated JSON: the text ends at line 1, column 5 where "," or "]" is expected'],
    ['"abc', 'truncated JSON: the text ends at line 1, column 5 where a complete string is expected'],
    ['{"a":tr', 'truncated JSON: the text ends at line 1, column 8 where a complete value is expected'],
    ['{"a":', 'truncated JSON: the text ends at line 1, column 6 where a value is expected'],
  ])('says %j is truncated', (text, message) => {
    expect(parseJson(text)).toMatchObject({ ok: false, message });
  });

  it('scans 1,000,000 levels of nesting without recursion', () => {
    expect(findSyntaxError('['.repeat(1_000_000) + ']'.repeat(1_000_000))).toBeUndefined();
    expect(findSyntaxError('['.repeat(1_000_000) + ']'.repeat(999_999) + '}')).toEqual({ offset: 1_999_999, expected: '"," or "]"' });
  });

  it('counts lines and columns from 1', () => {
    expect(lineColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 });
  });
});

describe('findSyntaxError agrees with JSON.parse', () => {
  it('on 20,000 randomly mutated JSON texts', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const samples = ['{"a":[1,2.5,-3e-2,{"b":"x\\"y\\\\z\\u00e9"}],"c":true,"d":null,"e":false}', '[[],{},"",0,-0.5,1E+3,"\\n\\t/"]', ' { "k" : [ 1 , 2 ] } '];
    const alphabet = '{}[]":,.-+eE0123456789 \\\ntrufalsn/u';
    let agreeInvalid = 0;
    for (let i = 0; i < 20_000; i++) {
      const chars = [...samples[i % samples.length]];
      const edits = 1 + Math.floor(rand() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rand() * (chars.length + 1));
        const op = rand();
        if (op < 0.33) chars.splice(at, 1);
        else if (op < 0.66) chars.splice(at, 0, alphabet[Math.floor(rand() * alphabet.length)]);
        else chars.length = at;
      }
      const text = chars.join('');
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      const problem = findSyntaxError(text);
      expect(problem === undefined, JSON.stringify(text)).toBe(valid);
      if (!valid) agreeInvalid++;
    }
    expect(agreeInvalid).toBeGreaterThan(10_000);
  });
});
