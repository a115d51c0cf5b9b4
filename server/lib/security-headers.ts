/**
 * The security headers of every answer, made once per node as plain strings (ADR 22): a request
 * only picks its set and, for a page, puts its script nonce into the policy. Three sets:
 * - a page (and anything else a browser may show as a document): the full set, with a content
 *   security policy that lets only our own files and the page's nonced scripts run;
 * - a JSON answer under /api/: what an API answer needs (OWASP's REST cheat sheet) — nothing may
 *   load from it or frame it, no sniffing, no cross-origin reads;
 * - a built file or an image: no sniffing, no cross-origin reads (a page loads some fifty of them,
 *   ADR 21; a document's policies mean nothing on a script or a photo).
 */
interface SecurityHeaderSets {
  /** A page's set, for its path (with or without its query). */
  page: (nonce: string, path: string) => Record<string, string>
  api: Record<string, string>
  file: Record<string, string>
}

/**
 * The camera for the site's own pages only (the live check, issue 37); the microphone for a
 * conversation's page and the profile's only (voice notes and the voice prompt, issue 58); no
 * Payment Request; location only for the site.
 */
const permissionsPolicy = (microphone: boolean) =>
  `camera=(self), microphone=(${microphone ? 'self' : ''}), payment=(), geolocation=(self)`

/** The pages that record a voice: a conversation's (/chats/{id}, /members/{id}/chat) and /profile. */
const CONVERSATION_PAGE = /^\/(?:chats\/\d+|members\/\d+\/chat|profile)\/?(?:[?#]|$)/

const HSTS = 'max-age=15552000; includeSubDomains'

function pagePolicy(https: boolean, nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join(';')
}

export function securityHeaderSets(opts: { production: boolean; https: boolean }): SecurityHeaderSets {
  const everywhere: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(opts.https ? { 'strict-transport-security': HSTS } : {}),
  }
  const document: Record<string, string> = {
    ...everywhere,
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  }
  const withPolicy = (path: string) => ({
    ...document,
    'permissions-policy': permissionsPolicy(CONVERSATION_PAGE.test(path)),
  })
  // The policy's text around the nonce, joined once: a request adds only its nonce.
  const [before, after] = pagePolicy(opts.https, '\0').split('\0')
  return {
    // Vite's dev server injects inline scripts for hot reload: production gets the policy.
    page: opts.production
      ? (nonce, path) => ({ ...withPolicy(path), 'content-security-policy': before + nonce + after })
      : (_nonce, path) => withPolicy(path),
    api: {
      ...everywhere,
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
    file: everywhere,
  }
}
