import { MailedLinkPage } from '../../features/accounts/mailed-link-page.tsx'
import type { Route } from './+types/mail-change-do'
import { confirmEmailChange } from './mailed-links.server.ts'

export async function action({ context, request }: Route.ActionArgs) {
  return confirmEmailChange(context, request)
}

/** Confirms a new e-mail address with the link's token (a press, so mail scanners cannot do it). */
export default function MailChangeDo({ actionData }: Route.ComponentProps) {
  return (
    <MailedLinkPage
      actionData={actionData}
      text={{
        title: 'mailChange.title',
        intro: 'mailChange.intro',
        confirm: 'mailChange.confirm',
        done: 'mailChange.done',
      }}
      next={{ to: '/members', label: 'activation.doneCta' }}
    />
  )
}
