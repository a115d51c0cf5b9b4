import type { RouterContextProvider } from 'react-router'
import { visitorMembers } from './visitor-members.server.ts'

/** How many members the home page shows a visitor. */
const HOME_MEMBERS = 8

/** The home page's members: the visitor's country's most recently active, faces first. */
export async function loadHome(context: Readonly<RouterContextProvider>) {
  return { members: await visitorMembers(context, HOME_MEMBERS) }
}
