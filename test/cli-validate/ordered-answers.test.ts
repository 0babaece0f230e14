/**
 * Ordered answers from N workers (src/cli/ordered-answers.ts), with workers of our own that answer
 * when told: answers come out in send order whichever worker answers first, the weight in flight
 * is counted, and a failure hands back every job not answered.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { orderedAnswers, type AnswerWorker } from '../../src/cli/ordered-answers.js';

/** A worker that keeps the jobs it gets; `answer` sends an answer, `emit('exit', 1)` fails it. */
class FakeWorker extends EventEmitter {
  jobs: unknown[] = [];
  terminated = false;
  postMessage(job: unknown) {
    this.jobs.push(job);
  }
  answer(value: unknown) {
    this.emit('message', value);
  }
  async terminate() {
    this.terminated = true;
    return 0;
  }
}

const make = () => {
  const fakes = [new FakeWorker(), new FakeWorker()];
  return { fakes, answers: orderedAnswers<string, { n: number } | { error: string }, string>(fakes as unknown as AnswerWorker[]) };
};

describe('ordered answers from N workers', () => {
  it('hands out answers in send order when the second worker answers first', async () => {
    const { fakes, answers } = make();
    answers.send('a', 'A', { weight: 3 });
    answers.send('b', 'B', { weight: 5 });
    answers.send('c', 'C');
    expect(fakes[0].jobs).toEqual(['a', 'c']);
    expect(fakes[1].jobs).toEqual(['b']);
    expect(answers.inFlight).toBe(9);
    fakes[1].answer({ n: 2 });
    expect(answers.ready()).toBe(false);
    const first = answers.next();
    // The answer of the other worker arrives first; the wait goes on until the one in order is there.
    await new Promise((resolve) => setImmediate(resolve));
    fakes[0].answer({ n: 1 });
    fakes[0].answer({ n: 3 });
    expect(await first).toEqual({ answer: { n: 1 }, meta: 'A' });
    expect(answers.inFlight).toBe(6);
    expect(await answers.next()).toEqual({ answer: { n: 2 }, meta: 'B' });
    expect(await answers.next()).toEqual({ answer: { n: 3 }, meta: 'C' });
    expect(answers.pending).toBe(0);
    expect(await answers.next()).toBeUndefined();
    await answers.close();
    expect(fakes.every((f) => f.terminated)).toBe(true);
  });

  it('ends with the failure and every job not answered, whichever worker fails', async () => {
    const { fakes, answers } = make();
    for (const job of ['a', 'b', 'c']) answers.send(job, job.toUpperCase());
    fakes[0].answer({ n: 1 });
    fakes[1].emit('exit', 3);
    expect(await answers.next()).toEqual({ answer: { n: 1 }, meta: 'A' });
    expect(answers.ready()).toBe(true);
    expect(await answers.next()).toEqual({ failure: 'it stopped with exit code 3', unanswered: ['B', 'C'] });
    expect(answers.pending).toBe(0);
    expect(answers.inFlight).toBe(0);
  });

  it('takes an answer { error } for a failure', async () => {
    const { fakes, answers } = make();
    answers.send('a', 'A');
    answers.send('b', 'B');
    fakes[0].answer({ error: 'the checker threw' });
    expect(await answers.next()).toEqual({ failure: 'the checker threw', unanswered: ['A', 'B'] });
  });
});
