// The console's forms on their pages' actions (issue 34, ADR 25): each step is one call of the API
// table (app/lib/call-action.server.ts), whose roles say who may post it.

import type { RouterContextProvider } from 'react-router'
import { ADMINS_ONLY } from '#common/console-pages.ts'
import { getAppContext } from '../../context.server.ts'
import { callAction } from '../../lib/call-action.server.ts'
import { requireStaffRoles } from './admin.server.ts'

/**
 * Runs the step the post names as the staff member behind the form, who must hold one of its
 * call's roles (else the login page, or the console's 403).
 */
export function consoleAction<S extends Parameters<typeof callAction>[2]>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  steps: S,
) {
  return callAction(context, request, steps, (call) => {
    requireStaffRoles(context, call.roles ?? ADMINS_ONLY)
    return getAppContext(context).request.staffActor()
  })
}
