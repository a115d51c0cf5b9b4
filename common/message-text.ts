/** What is wrong with a chat message's text, as the composer and the server both judge it. */
type MessageTextProblem = { code: 'chat.empty' } | { code: 'chat.too_long'; max: number }

/**
 * The text rule of spec section 4, written once: the text is trimmed; a text message needs some,
 * and no text may be longer than the site's message_length.
 */
export function checkMessageText(
  text: string,
  maxLength: number,
  { required }: { required: boolean },
): { text: string; problem: MessageTextProblem | null } {
  const trimmed = text.trim()
  if (required && trimmed.length === 0) return { text: trimmed, problem: { code: 'chat.empty' } }
  if (trimmed.length > maxLength) return { text: trimmed, problem: { code: 'chat.too_long', max: maxLength } }
  return { text: trimmed, problem: null }
}
