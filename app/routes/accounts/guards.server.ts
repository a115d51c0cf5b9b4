import { type RouterContextProvider, redirect } from 'react-router'
import { getAppContext } from '../../context.server.ts'

/** Pages for visitors only (home, sign-up, login): a logged-in member goes to /members. */
export function redirectMember(context: Readonly<RouterContextProvider>): void {
  if (getAppContext(context).user) throw redirect('/members')
}

/** Pages for members only: a visitor goes to /login. */
export function requireUser(context: Readonly<RouterContextProvider>) {
  const user = getAppContext(context).user
  if (!user) throw redirect('/login')
  return user
}
