import { LoginInput } from '#common/schemas/accounts.ts'
import type { CallHandlers } from '#server/lib/api-route.ts'
import { AppError } from '#server/lib/errors.ts'
import type { VisitorActor } from '#server/plugins/member-actor.ts'
import type { AppServices } from '#server/wiring/services.ts'

// The sign-up and the log-in (issue 57, point 1): the one handler the JSON route and the page's
// form each run. Each answers the member, their new session's token and the browser's device
// token: keeping the two cookies is the door's (a route's reply, a page's response headers).

export function sessionHandlers(s: AppServices) {
  return {
    /** A logged-in member has an account: a second one would switch the session under them. */
    signup: async (body, actor) => {
      if (actor.member) throw new AppError('accounts.logged_in', 409)
      return s.accounts.signup(body, actor.from)
    },
    /**
     * POST /api/user.php's log-in. Its other use, the browser's push subscription, is the member's
     * own and stays with its route.
     */
    postUser: async (body, actor) => {
      const login = LoginInput.parse(body)
      return s.accounts.login(login.email, login.password, actor.from)
    },
  } satisfies CallHandlers<VisitorActor>
}
