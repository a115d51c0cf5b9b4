// What other features use of credits: the way to buy credits and come back to a conversation, the
// money beside a price in credits, and the reminder on spending with fictional profiles (ADR 32).
export { FictionalReminder } from './fictional-reminder.tsx'
export { useCreditPrice, useCreditsWorth } from './money.tsx'
export { creditsFrom } from './return-to.ts'
