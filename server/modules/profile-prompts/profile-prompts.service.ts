import type { Locale } from '#common/constants.ts'
import { isPromptMove, type OpeningMoveKey } from '#common/opening-moves.ts'
import type { OpeningMove, ProfilePromptsInput, PromptAnswer } from '#common/schemas/profile-prompts.ts'
import type { Db, Executor } from '#server/db/client.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/errors.ts'
import { findUnkindWords } from '#server/lib/safety/unkind-words.ts'
import { type Actor, recordAudit } from '#server/modules/audit/audit.service.ts'
import {
  lockOwnProfile,
  replaceMoves,
  replacePrompts,
  selectFictionalProfile,
  selectMovesOf,
  selectMovesWithAnswers,
  selectOwnProfile,
  selectPromptsOf,
} from './profile-prompts.queries.ts'

/** Profiles' answers by profile id, for the pages and cards that show them. */
export type PromptsOf = (profileIds: number[]) => Promise<Map<number, PromptAnswer[]>>

/** PromptsOf over a database. */
export const readPrompts =
  (db: Executor): PromptsOf =>
  async (profileIds) => {
    const byProfile = new Map<number, PromptAnswer[]>()
    for (const row of await selectPromptsOf(db, profileIds))
      byProfile.set(row.profileId, [
        ...(byProfile.get(row.profileId) ?? []),
        { prompt: row.prompt as PromptAnswer['prompt'], answer: row.answer },
      ])
    return byProfile
  }

/** A profile's opening moves as a first writer reads them, its prompts' with their answers. */
export type MovesOf = (profileId: number) => Promise<OpeningMove[]>

/** MovesOf over a database: a prompt is a move only while the profile answers it (a report may hide it). */
export const readMoves =
  (db: Executor): MovesOf =>
  async (profileId) =>
    (await selectMovesWithAnswers(db, profileId)).flatMap(({ move, answer }): OpeningMove[] => {
      const key = move as OpeningMoveKey
      if (!isPromptMove(key)) return [{ move: key, answer: null }]
      return answer === null ? [] : [{ move: key, answer }]
    })

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
 * every language the site speaks) is refused with the reason, since everyone reads a profile. With
 * them, its opening moves (point 2), which a first message may answer.
 */
export function createProfilePromptsService(db: Db, deps: { now: Clock }) {
  /** A profile's answers and moves' keys, as its editor shows them. */
  async function of(profileId: number, ex: Executor = db) {
    const prompts = await readPrompts(ex)([profileId])
    const moves = await selectMovesOf(ex, profileId)
    return { answers: prompts.get(profileId) ?? [], moves: moves as OpeningMoveKey[] }
  }

  /** The answers' words refused before anything is written (an insult or harassment). */
  function checkWords(answers: PromptAnswer[], language: Locale) {
    if (answers.some((a) => findUnkindWords(a.answer, language).length > 0))
      throw new AppError('profile.prompt_unkind', 422)
  }

  async function replace(tx: Executor, profileId: number, input: ProfilePromptsInput) {
    await replacePrompts(tx, profileId, input.answers, deps.now())
    await replaceMoves(tx, profileId, input.moves)
  }

  return {
    /** The member's own answers, in order, and their moves. */
    async get(userId: number) {
      const profile = await selectOwnProfile(db, userId)
      if (!profile) throw new AppError('authentication_required', 403)
      return of(profile.id)
    },

    /** Saves the member's answers and moves in place of theirs. */
    async save(userId: number, input: ProfilePromptsInput, language: Locale) {
      checkWords(input.answers, language)
      await db.transaction(async (tx) => {
        const profile = await lockOwnProfile(tx, userId)
        if (!profile) throw new AppError('authentication_required', 403)
        await replace(tx, profile.id, input)
      })
      return { answers: input.answers, moves: input.moves }
    },

    /** A fictional profile's answers and moves, for the console; 404 for any other profile. */
    async ofFictional(profileId: number) {
      if (!(await selectFictionalProfile(db, profileId))) throw new AppError('member.not_found', 404)
      return of(profileId)
    },

    /**
     * An operator writes a fictional profile's answers and moves (disclosed like the rest of the
     * profile: its page carries the mark), audited with what they were.
     */
    async saveFictional(input: ProfilePromptsInput & { profile: number }, actor: Actor, language: Locale) {
      checkWords(input.answers, language)
      await db.transaction(async (tx) => {
        if (!(await selectFictionalProfile(tx, input.profile, { lock: true })))
          throw new AppError('member.not_found', 404)
        const before = await of(input.profile, tx)
        await replace(tx, input.profile, input)
        await recordAudit(tx, actor, deps.now(), {
          action: 'fictional.prompts',
          target: { type: 'profile', id: input.profile },
          before,
          after: { answers: input.answers, moves: input.moves },
        })
      })
      return { answers: input.answers, moves: input.moves }
    },
  }
}
