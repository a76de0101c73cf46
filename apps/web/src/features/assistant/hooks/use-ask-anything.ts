import type { TChatQueryRequest } from '@atempo/contracts';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { askQuestion } from '../api/assistant-api.ts';
import { type ChatEntry, chatRequest, errorAnswer, readChatAnswer } from '../lib/chat-entry.ts';

/**
 * The conversation of one Ask Anything card: its entries (newest first) and `ask`, which refuses a
 * blank question and any question while one is pending (spec 01 §5).
 */
export function useAskAnything(dealId?: string) {
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  // Refs as well as state: two clicks in the same tick both see the state of the last render.
  const pending = useRef(false);
  const asked = useRef<string[]>([]);
  const nextId = useRef(1);
  const { mutate, isPending } = useMutation({ mutationFn: (body: TChatQueryRequest) => askQuestion(body) });

  const ask = useCallback(
    (question: string): boolean => {
      const trimmed = question.trim();
      if (trimmed === '' || pending.current) return false;
      pending.current = true;
      const id = nextId.current++;
      // Earlier questions, oldest first, whether or not they were answered.
      const earlier = asked.current;
      asked.current = [...earlier, trimmed];
      const settle = (entry: ChatEntry) => {
        pending.current = false;
        setEntries((current) => current.map((each) => (each.id === id ? entry : each)));
      };
      setEntries((current) => [{ id, question: trimmed, status: 'pending' }, ...current]);
      mutate(chatRequest(trimmed, earlier, dealId), {
        onSuccess: (reply) =>
          settle({ id, question: trimmed, status: 'answered', view: readChatAnswer(reply) }),
        onError: () => settle({ id, question: trimmed, status: 'error', view: errorAnswer() }),
      });
      return true;
    },
    [dealId, mutate],
  );

  return { entries, ask, isPending };
}
