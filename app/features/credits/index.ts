// What other features use of credits: the way to buy credits and come back to a conversation, and
// the money beside a price in credits (ADR 32).
export { useCreditPrice } from './money.tsx'
export { creditsFrom } from './return-to.ts'
