import { Form, Link } from 'react-router'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/unsubscribe'
import { unsubscribe, unsubscribeType } from './notifications.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  return { token, type: unsubscribeType(context, token) }
}

export async function action({ request, context }: Route.ActionArgs) {
  return unsubscribe(context, request)
}

/**
 * A mail's unsubscribe link opened in a browser: one button turns that mail type off (ADR 19).
 * It posts the link's token to the page's action, with or without the page's scripts.
 */
export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { token, type } = loaderData
  const form = usePageForm(actionData)
  const error = !form.busy && actionData?.ok === false ? actionData.message : null
  const label = type ? t(`notifications.types.${type}.label`) : ''
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t('unsubscribe.title')} />
      <h1 className="h3 mb-3">{t('unsubscribe.title')}</h1>
      {!type ? (
        <p className="alert alert-warning" role="alert">
          {t('unsubscribe.invalid')}
        </p>
      ) : form.done ? (
        <p className="alert alert-success" role="status">
          {t('unsubscribe.done', { type: label })}
        </p>
      ) : (
        <>
          <p className="lead">{t('unsubscribe.question', { type: label })}</p>
          {error ? (
            <p className="alert alert-danger" role="alert">
              {error}
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="token" value={token ?? ''} />
            <SubmitButton className="btn btn-primary btn-lg" busy={form.busy} beforeScripts>
              {t('unsubscribe.confirm')}
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="mt-4">
        <Link to="/notifications">{t('unsubscribe.settings')}</Link>
      </p>
    </div>
  )
}
