/** Where a banned member's login or sign-up leads (issue 15, point 5): the site's ban page. */
export const BAN_PAGE = '/pages/ban'
