import { createContext, useContext } from 'react';

/**
 * A context that only makes sense below its provider: the provider, and the hook that reads it.
 * The hook throws `missing` outside the provider, since a silent default would hide a page
 * rendered outside the frame that owns the value.
 */
export function requiredContext<Value>(missing: string) {
  const Context = createContext<Value | null>(null);
  function useRequired(): Value {
    const value = useContext(Context);
    if (!value) throw new Error(missing);
    return value;
  }
  return [Context.Provider, useRequired] as const;
}
