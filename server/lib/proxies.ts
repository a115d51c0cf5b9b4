/**
 * Fastify's trustProxy for TRUST_PROXY (ADR 13). A list of addresses and CIDR ranges is the safe
 * form: only those peers' X-Forwarded-* headers count. A hop count trusts the nearest `n` hops
 * whoever they are, so it is for an app that only its proxies can reach (Fastify itself no longer
 * reads a number, hence the function).
 */
export function trustedProxies(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  return setting
}
