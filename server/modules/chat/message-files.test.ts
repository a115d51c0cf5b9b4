import { describe, expect, it } from 'vitest'
import { FILE_KINDS } from '#common/message-kinds.ts'
import { FileMessageFields } from '#common/schemas/chat.ts'
import { chatFileName } from '#server/lib/chat-file-name.ts'
import { MESSAGE_FILES } from './message-files.ts'

const stem = 'c/2026-11/0123456789abcdef0123456789abcdef'

describe('the files messages carry', () => {
  it('have one row for every kind that carries one, and one upload call that takes no other kind', () => {
    expect(Object.keys(MESSAGE_FILES)).toEqual(FILE_KINDS)
    const fields = { client_id: '3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f', conversation: '4' }
    expect(FILE_KINDS).toEqual(['photo', 'voice'])
    for (const kind of FILE_KINDS) expect(FileMessageFields.safeParse({ ...fields, kind }).success).toBe(true)
    for (const kind of ['text', 'gift', 'video', ''])
      expect(FileMessageFields.safeParse({ ...fields, kind }).success).toBe(false)
  })

  it('are served under /media/c/ by their kind’s type, a thumbnail as its file’s', () => {
    expect(chatFileName(`${stem}.webp`)).toEqual({ files: [`${stem}.webp`], type: 'image/webp' })
    expect(chatFileName(`${stem}.m4a`)).toEqual({ files: [`${stem}.m4a`], type: 'audio/mp4' })
    // A thumbnail is its file's, whichever kind's the file is.
    expect(chatFileName(`${stem}-thumb.webp`)).toEqual({
      files: [`${stem}.webp`, `${stem}.m4a`],
      type: 'image/webp',
    })
  })

  it('answer no other name in the chat folder', () => {
    for (const name of [
      `${stem}.exe`,
      `${stem}.webm`,
      `${stem}.WEBP`,
      `${stem}.webp.html`,
      `${stem}-thumb-thumb.webp`,
      'c/2026-11/short.webp',
      `u/2026-11/0123456789abcdef0123456789abcdef.webp`,
      `c/2026-11/../0123456789abcdef0123456789abcdef.webp`,
    ])
      expect(chatFileName(name)).toBeNull()
  })
})
