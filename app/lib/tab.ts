/**
 * This tab's own id, new at every page load (issue 40): its socket and its calls name it, so that
 * the server answers its own sends once (in the call's answer) and sends the frames to its other
 * tabs and devices only. A random id, no more: it names nothing but the tab.
 */
export const TAB_ID: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`
