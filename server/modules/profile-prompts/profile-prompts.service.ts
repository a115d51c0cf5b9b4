import type { Locale } from '#common/constants.ts'
import type { PromptAnswer } from '#common/schemas/profile-prompts.ts'
import type { Db, Executor } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { findUnkindWords } from '#server/lib/safety/unkind-words.ts'
import {
  lockOwnProfile,
  replacePrompts,
  selectOwnProfile,
  selectPromptsOf,
} from './profile-prompts.queries.ts'

/** Profiles' answers by profile id, for the pages and cards that show them. */
export type PromptsOf = (profileIds: number[]) => Promise<Map<number, PromptAnswer[]>>

/** PromptsOf over a database. */
export const readPrompts =
  (db: Db): PromptsOf =>
  async (profileIds) => {
    const byProfile = new Map<number, PromptAnswer[]>()
    for (const row of await selectPromptsOf(db, profileIds))
      byProfile.set(row.profileId, [
        ...(byProfile.get(row.profileId) ?? []),
        { prompt: row.prompt as PromptAnswer['prompt'], answer: row.answer },
      ])
    return byProfile
  }

/**
 * A report's "hide the text" takes a profile's written prompts down with its text (issue 61): answers
 * what they were, for an appeal that undoes it (restorePrompts).
 */
export async function hidePrompts(tx: Executor, profileId: number): Promise<PromptAnswer[]> {
  const rows = await selectPromptsOf(tx, [profileId])
  await replacePrompts(tx, profileId, [], new Date(0))
  return rows.map((r) => ({ prompt: r.prompt as PromptAnswer['prompt'], answer: r.answer }))
}

/** Puts back the prompts a decision hid (its appeal succeeded). */
export const restorePrompts = (tx: Executor, profileId: number, answers: PromptAnswer[], at: Date) =>
  replacePrompts(tx, profileId, answers, at)

export type ProfilePromptsService = ReturnType<typeof createProfilePromptsService>

/**
 * A profile's written prompts (issue 61, point 1): up to three answers in the member's own words,
 * shown on the member page and the swipe card. Moderated as the profile's text is: a report can
 * hide them with it, and an answer with an insult or harassment in it (the unkind-message rule, in
 * every language the site speaks) is refused with the reason, since everyone reads a profile.
 */
export function createProfilePromptsService(db: Db, deps: { now: Clock }) {
  const promptsOf = readPrompts(db)
  return {
    /** The member's own answers, in order. */
    async get(userId: number): Promise<PromptAnswer[]> {
      const profile = await selectOwnProfile(db, userId)
      if (!profile) throw new AppError('authentication_required', 403)
      return (await promptsOf([profile.id])).get(profile.id) ?? []
    },

    /** Saves the member's answers in place of theirs. */
    async save(userId: number, answers: PromptAnswer[], language: Locale): Promise<PromptAnswer[]> {
      const unkind = answers.some((a) => findUnkindWords(a.answer, language).length > 0)
      if (unkind) throw new AppError('profile.prompt_unkind', 422)
      await db.transaction(async (tx) => {
        const profile = await lockOwnProfile(tx, userId)
        if (!profile) throw new AppError('authentication_required', 403)
        await replacePrompts(tx, profile.id, answers, deps.now())
      })
      return answers
    },
  }
}
