// The client build's `react` (ADR 23): Preact's React compatibility layer, and the one React 19 hook
// React Router imports that it lacks.
export * from 'preact/compat'
export { default } from 'preact/compat'

/**
 * React Router's RouterProvider reads its state through useOptimistic, and sets an optimistic state
 * only with its `useTransitions` option, which this app leaves off; outside a transition React's
 * useOptimistic answers the value it is given, as this one does.
 */
export function useOptimistic(value) {
  return [value, () => {}]
}
