import { MailedLinkPage } from '../../features/accounts/mailed-link-page.tsx'
import type { Route } from './+types/mail-change-undo'
import { undoEmailChange } from './mailed-links.server.ts'

export async function action({ context, request }: Route.ActionArgs) {
  return undoEmailChange(context, request)
}

/**
 * The old address takes the account back after a change of address it did not ask for: the press
 * ends every session and sends a link to choose a new password.
 */
export default function MailChangeUndo({ actionData }: Route.ComponentProps) {
  return (
    <MailedLinkPage
      actionData={actionData}
      text={{
        title: 'mailChangeUndo.title',
        intro: 'mailChangeUndo.intro',
        confirm: 'mailChangeUndo.confirm',
        done: 'mailChangeUndo.done',
      }}
      next={{ to: '/login', label: 'nav.login' }}
      danger
    />
  )
}
