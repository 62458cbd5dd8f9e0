import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The contract's list query schema: parses `?page&sort&…` strings and fills the defaults. */
interface ListQuerySchema<Q> {
  safeParse(data: unknown): { success: true; data: Q } | { success: false };
  parse(data: unknown): Q;
}

type Value = string | number | undefined | null;

/**
 * A back-office list's paging, sort, search and filters live in the URL, so a reload, the back
 * button or a shared link shows the same page. Values the contract refuses fall back to defaults.
 */
export function useListParams<Q extends { page: number }>(schema: ListQuerySchema<Q>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => {
    const raw = Object.fromEntries(searchParams);
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // Keep whichever single values are valid; drop the rest.
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (schema.safeParse({ [key]: value }).success) kept[key] = value;
    }
    return schema.parse(kept);
  }, [schema, searchParams]);

  /** Changes some values; any change but the page itself goes back to page 1. */
  const update = useCallback(
    (changes: Record<string, Value>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}

/** Clicking the sorted column flips its direction; another column starts descending. */
export function nextSort(current: { sort: string; dir: 'asc' | 'desc' }, key: string) {
  if (current.sort === key) return { sort: key, dir: current.dir === 'asc' ? 'desc' : 'asc' } as const;
  return { sort: key, dir: 'desc' } as const;
}
