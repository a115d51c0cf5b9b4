/** The credit bundles of the default brands: credits and the price in cents per currency. */
export const PACKAGES: ReadonlyArray<{ credits: number; prices: Record<string, number> }> = [
  { credits: 100, prices: { EUR: 995, GBP: 895, CHF: 1050, CAD: 1495 } },
  { credits: 250, prices: { EUR: 1995, GBP: 1795, CHF: 2100, CAD: 2995 } },
  { credits: 500, prices: { EUR: 3495, GBP: 2995, CHF: 3650, CAD: 4995 } },
  { credits: 1000, prices: { EUR: 5995, GBP: 5295, CHF: 6300, CAD: 8995 } },
]
