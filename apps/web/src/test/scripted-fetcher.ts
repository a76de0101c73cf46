import { vi } from 'vitest';

/** A fetcher answering the scripted statuses in turn (the last one again when they run out), recording when it was called. */
export function scripted<T>(answers: (T | Error)[]) {
  const calledAt: number[] = [];
  const start = Date.now();
  const fetch = vi.fn(async () => {
    calledAt.push(Date.now() - start);
    const answer = answers[Math.min(calledAt.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { fetch, calledAt };
}
