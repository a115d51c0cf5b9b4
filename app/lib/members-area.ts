/**
 * The members area of spec section 2: members (search and a member's page), chats, likes (a
 * member's likes page among them) and Premium. The time-bonus modal shows only there.
 */
const MEMBERS_AREA = /^\/(members|chats|likes|premium)(\/|$)/

export function isMembersArea(pathname: string): boolean {
  return MEMBERS_AREA.test(pathname)
}
