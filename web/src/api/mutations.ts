/**
 * Writes, the one pattern for every screen: TanStack Query's `useMutation` with a single-flight
 * guard. `run` ignores a call while one is under way (a ref, so a second click in the same tick
 * is ignored too, before React has re-rendered the busy state); `isPending` drives the busy UI;
 * success and failure go to the options' callbacks.
 */
import type { RequestInput, RouteId, RouteOutput } from '@clubs/shared';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { ApiArgs } from './client.ts';
import { api } from './index.ts';

export function useAction<TData, TVariables = void>(options: UseMutationOptions<TData, Error, TVariables>) {
  const mutation = useMutation<TData, Error, TVariables>(options);
  const inFlight = useRef(false);
  const { mutate } = mutation;
  const run = useCallback(
    (variables: TVariables) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(variables, {
        onSettled: () => {
          inFlight.current = false;
        },
      });
    },
    [mutate],
  );
  return { ...mutation, run };
}

/** One route of the manifest as a write: `useApiMutation('deleteClub').run({ params })`. */
export function useApiMutation<Id extends RouteId>(
  id: Id,
  options: Omit<UseMutationOptions<RouteOutput<Id>, Error, RequestInput<Id>>, 'mutationFn'> = {},
) {
  return useAction<RouteOutput<Id>, RequestInput<Id>>({
    mutationFn: async (input) => api(id, ...([input] as ApiArgs<Id>)),
    ...options,
  });
}
