import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router-dom';

/**
 * `useNavigate` with one identity for the component's whole life, as a data router's is. The
 * declarative router's navigate changes with every location (it resolves relative paths), so
 * an effect that lists it would run again on every page change. Each call uses the newest one.
 */
export function useStableNavigate(): NavigateFunction {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useLayoutEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? latest.current(to) : latest.current(to, options),
    [],
  );
}
