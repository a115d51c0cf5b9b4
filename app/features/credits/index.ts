// What other features use of credits: the way to buy credits and come back to a conversation.
export { creditsFrom } from './return-to.ts'
