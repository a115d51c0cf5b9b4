/** Whether member search is visible (spec section 5): to members, or to visitors as the site allows. */
export function searchVisible(input: {
  loggedIn: boolean
  loggedOutSearch: 'none' | 'not'
  loggedOutSearchTrafficsource: 'none' | 'not'
  hasTrafficSource: boolean
}): boolean {
  return (
    input.loggedIn ||
    input.loggedOutSearch !== 'none' ||
    (input.loggedOutSearchTrafficsource !== 'none' && input.hasTrafficSource)
  )
}
