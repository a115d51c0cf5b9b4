// Profile prompts (issue 61, point 1): the questions a member may answer in writing on their profile,
// grouped, by key; their words are profilePrompts.prompts.<key> in common/i18n (en, fr). A profile
// keeps the key, so a prompt reworded in a language stays the same prompt.

export const PROMPT_GROUPS = {
  about_me: [
    'typical_sunday',
    'cant_live_without',
    'green_flag',
    'simple_pleasures',
    'known_for',
    'proudest_of',
    'recently_learned',
    'weirdly_good_at',
    'unpopular_opinion',
    'never_again',
    'comfort_food',
    'my_friends_say',
    'happy_place',
    'last_great_book',
    'childhood_dream',
  ],
  lets_talk: [
    'debate_me',
    'ask_me_about',
    'best_travel_story',
    'teach_me',
    'change_my_mind',
    'geek_out_on',
    'two_truths_a_lie',
    'song_on_repeat',
    'favourite_film_quote',
    'last_thing_laughed',
    'question_for_you',
    'recommend_me',
  ],
  perfect_date: [
    'first_date_idea',
    'dream_weekend',
    'we_will_get_along',
    'looking_for',
    'dealbreaker',
    'way_to_my_heart',
    'together_we_could',
    'ideal_evening',
    'plan_a_trip',
    'cook_for_you',
    'win_me_over',
    'after_first_date',
    'date_spot',
  ],
} as const
type PromptGroup = keyof typeof PROMPT_GROUPS
export const PROFILE_PROMPTS = Object.values(PROMPT_GROUPS).flat() as Array<
  (typeof PROMPT_GROUPS)[PromptGroup][number]
>
export type ProfilePrompt = (typeof PROFILE_PROMPTS)[number]

/** How many prompts a profile answers at most. */
export const MAX_PROFILE_PROMPTS = 3
/** The longest answer, in characters. */
export const PROMPT_ANSWER_MAX = 250
