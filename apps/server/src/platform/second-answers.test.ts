import { describe, expect, it } from 'vitest';
import { SecondAnswers } from './second-answers.ts';

describe('SecondAnswers', () => {
  const inputs = [{ zone: 1 }, { policy: 2 }];

  it('serves the kept answer within its second from the same inputs, and makes a new one in the next second', () => {
    const answers = new SecondAnswers<number, object>(10);
    let made = 0;
    const make = () => ({ n: ++made });
    const first = answers.get(1, 5_000, inputs, make);
    expect(answers.get(1, 5_999, [...inputs], make)).toBe(first);
    const next = answers.get(1, 6_000, inputs, make);
    expect(next).not.toBe(first);
    expect(made).toBe(2);
  });

  it('makes a new answer when any input was replaced, or the key differs', () => {
    const answers = new SecondAnswers<number, object>(10);
    const first = answers.get(1, 5_000, inputs, () => ({}));
    expect(answers.get(1, 5_000, [inputs[0], { policy: 2 }], () => ({}))).not.toBe(first);
    expect(answers.get(2, 5_000, inputs, () => ({}))).not.toBe(first);
    expect(answers.get(1, 5_000, [inputs[0]], () => ({}))).not.toBe(first);
  });

  it('does not keep an answer `keep` refuses, and starts afresh past its bound', () => {
    const answers = new SecondAnswers<number, string>(2);
    const big = 'x'.repeat(100);
    answers.get(
      1,
      0,
      [],
      () => big,
      (a) => a.length < 10,
    );
    expect(answers.size).toBe(0);
    answers.get(1, 0, [], () => 'a');
    answers.get(2, 0, [], () => 'b');
    expect(answers.size).toBe(2);
    answers.get(3, 0, [], () => 'c');
    expect(answers.size).toBe(1);
  });
});
