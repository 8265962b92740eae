import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, describeError } from './api/index.js';

export interface AsyncState<T> {
  data: T | undefined;
  error: string | null;
  /** The server's error code when the last load failed with one. */
  errorCode: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads data when `key` changes (and on `reload`), keeping the last data while it reloads. */
export function useAsync<T>(load: () => Promise<T>, key: unknown[] = []): AsyncState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [serial, setSerial] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(null);
        setErrorCode(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(describeError(failure));
        setErrorCode(failure instanceof ApiError ? failure.code : null);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // The caller's key decides when to reload; `load` itself changes on every render.
  }, [serial, ...key]);

  const reload = useCallback(() => setSerial((value) => value + 1), []);
  return { data, error, errorCode, loading, reload };
}
