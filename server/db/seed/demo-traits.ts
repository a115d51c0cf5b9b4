// How often each trait, sexuality and country comes up among the demo members, as weights
// (server/db/seed/demo-members.ts draws from them).

export const HAIR = [
  ['brown', 35],
  ['black', 20],
  ['blonde', 22],
  ['red', 6],
  ['grey', 12],
  ['other', 5],
] as const
export const EYES = [
  ['brown', 40],
  ['blue', 28],
  ['green', 12],
  ['hazel', 12],
  ['grey', 8],
] as const
export const BODY = [
  ['slim', 25],
  ['athletic', 22],
  ['average', 33],
  ['curvy', 12],
  ['large', 8],
] as const
export const RELATIONSHIP = [
  ['single', 62],
  ['divorced', 20],
  ['separated', 7],
  ['widowed', 4],
  ['complicated', 7],
] as const
export const TATTOOS = [
  ['none', 60],
  ['some', 32],
  ['many', 8],
] as const
export const SEXUALITY = [
  ['straight', 84],
  ['bisexual', 10],
  ['gay', 6],
] as const
export const COUNTRY_WEIGHTS = [
  ['NL', 22],
  ['BE', 12],
  ['FR', 20],
  ['DE', 18],
  ['GB', 14],
  ['IE', 3],
  ['AT', 4],
  ['CH', 4],
  ['CA', 3],
] as const
