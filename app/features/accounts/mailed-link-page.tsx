import { Form, Link, useSearchParams } from 'react-router'
import { FormMessage } from '../../components/form-field.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { type FormResult, usePageForm } from '../../lib/page-form.ts'

/**
 * A page a mailed link opens (`?token=`): it says what the press will do and acts only on the press
 * (a mail scanner follows links, it does not post forms); then it says what was done, with where to go.
 */
export function MailedLinkPage({
  actionData,
  text,
  next,
  danger = false,
}: {
  actionData: FormResult | undefined
  /** The page's title, what the press does, its button and what was done: keys of the messages. */
  text: { title: string; intro: string; confirm: string; done: string }
  next: { to: string; label: string }
  /** The press takes something back (red), rather than confirms. */
  danger?: boolean
}) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const form = usePageForm(actionData)
  const failed = !form.busy && actionData?.ok === false ? actionData.message : null
  return (
    <div className="container py-5 narrow-page text-center">
      <PageTitle title={t(text.title)} />
      <h1 className="h3">{t(text.title)}</h1>
      <FormMessage
        error={failed ?? (token ? null : t('errors.accounts.link_invalid'))}
        success={form.done ? t(text.done) : null}
      />
      {form.done ? (
        <Link to={next.to} className="btn btn-primary">
          {t(next.label)}
        </Link>
      ) : (
        <Form method="post">
          <p className="lead">{t(text.intro)}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            busy={form.busy}
            disabled={!token}
            beforeScripts
          >
            {t(text.confirm)}
          </SubmitButton>
        </Form>
      )}
    </div>
  )
}
