import { useSyncExternalStore } from 'react';

/**
 * The one observable value of the web app: state read by React (`useStore`, `useSelection`) and
 * by plain modules alike, held outside React so that a write re-renders only its readers.
 * Listeners hear of a write only when it changed the value (by reference).
 */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next: T | ((previous: T) => T)): void => {
      // A function here is an updater: a store never holds a function itself (T is data).
      const value = typeof next === 'function' ? (next as (p: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      listeners.forEach((l) => l());
    },
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
export type Store<T> = ReturnType<typeof createStore<T>>;

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * A slice of the value, re-rendering the caller only when the slice changes. The selection must
 * return a part of the value (kept by reference when untouched) or a primitive, never a new object.
 */
export function useSelection<T, S>(store: Store<T>, selection: (value: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => selection(store.get()));
}
