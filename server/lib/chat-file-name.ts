import { FILE_KINDS, MESSAGE_KINDS } from '#common/message-kinds.ts'

/** The chat folder's file names: c/YYYY-MM/<32 hex>, -thumb for a thumbnail, then an extension. */
const CHAT_FILE = /^(c\/\d{4}-\d{2}\/[0-9a-f]{32})(-thumb)?\.([a-z0-9]+)$/

/** Every extension a kind of message stores (common/message-kinds.ts), and the type it is served as. */
const TYPES: Record<string, string> = Object.assign({}, ...FILE_KINDS.map((kind) => MESSAGE_KINDS[kind].file))

/**
 * A name asked for under /media/c/ (a member) or through a report (a moderator): the message files
 * it may belong to (a thumbnail is its file's, whatever the file's extension) and the type it is
 * served as; null for any other name.
 */
export function chatFileName(filename: string): { files: string[]; type: string } | null {
  const parts = CHAT_FILE.exec(filename)
  const type = parts ? TYPES[parts[3] as string] : undefined
  if (!parts || !type) return null
  if (!parts[2]) return { files: [filename], type }
  return { files: Object.keys(TYPES).map((ext) => `${parts[1]}.${ext}`), type }
}
