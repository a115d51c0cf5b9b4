import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { usePageForm } from '../../lib/page-form.ts'
import type { Route } from './+types/login'
import { loadAdminLogin, staffLoginStep } from './login.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdminLogin(context)
}

export async function action({ context, request }: Route.ActionArgs) {
  return staffLoginStep(context, request)
}

/** The secret inside an enrollment link, grouped by four for typing it in by hand. */
const secretOf = (url: string) =>
  (new URL(url).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim()

/**
 * /admin/login: the password, then a code from the authenticator app (or a recovery code). The
 * first login enrolls the app from a QR code and shows the recovery codes once. Each step posts
 * to the page's action (`?intent=`), with or without the page's scripts.
 */
export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const form = usePageForm(actionData)
  const heading = useRef<HTMLHeadingElement>(null)
  const recoveryCodes = actionData?.ok ? actionData.recoveryCodes : null
  const step = recoveryCodes ? 'recovery' : loaderData.step
  const message = form.error

  // Each step announces itself: the focus moves to its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is what moves the focus
  useEffect(() => heading.current?.focus(), [step])

  const title =
    step === 'password'
      ? t('console.login.title')
      : step === 'enroll'
        ? t('console.login.enrollTitle')
        : step === 'recovery'
          ? t('console.login.recoveryTitle')
          : t('console.login.codeTitle')

  return (
    <div className="mx-auto py-4" style={{ maxWidth: 440 }}>
      <title>{title}</title>
      <h1 className="h4 mb-3" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {step === 'password' ? (
        <Form method="post" action="?intent=password" className="card card-body" aria-busy={form.busy}>
          <FormMessage error={message} />
          <FormField
            id="staff-email"
            name="email"
            label={t('console.login.email')}
            type="email"
            autoComplete="username"
            required
            defaultValue={form.values.email}
          />
          <FormField
            id="staff-password"
            name="password"
            label={t('console.login.password')}
            type="password"
            autoComplete="current-password"
            required
          />
          <SubmitButton
            className="btn btn-primary w-100"
            busy={form.busy}
            busyLabel={t('console.login.checking')}
            beforeScripts
          >
            {t('console.login.next')}
          </SubmitButton>
        </Form>
      ) : recoveryCodes ? (
        <div className="card card-body">
          <p>{t('console.login.recoveryHelp')}</p>
          <ul className="list-unstyled font-monospace fs-5 row row-cols-2 mb-3" data-testid="recovery-codes">
            {recoveryCodes.map((c) => (
              <li key={c} className="col">
                {c}
              </li>
            ))}
          </ul>
          <a className="btn btn-primary" href="/admin">
            {t('console.login.recoverySaved')}
          </a>
        </div>
      ) : (
        <>
          <Form method="post" action="?intent=code" className="card card-body" aria-busy={form.busy}>
            <FormMessage error={message} />
            {loaderData.step === 'enroll' ? (
              <>
                <p>{t('console.login.enrollHelp')}</p>
                <div
                  className="mx-auto mb-2 bg-white p-2"
                  style={{ width: 200 }}
                  role="img"
                  aria-label={t('console.login.qr')}
                  // The QR code is an SVG the server drew from the enrollment link (no member input).
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made SVG of our own link
                  dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }}
                />
                <p className="small text-body-secondary">
                  {t('console.login.secret')}{' '}
                  <code data-testid="totp-secret">{secretOf(loaderData.otpauthUrl)}</code>
                </p>
              </>
            ) : (
              <p>{t('console.login.codeHelp')}</p>
            )}
            <FormField
              id="staff-code"
              name="code"
              label={t('console.login.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={9}
            />
            <SubmitButton
              className="btn btn-primary w-100"
              busy={form.busy}
              busyLabel={t('console.login.checking')}
              beforeScripts
            >
              {t('console.login.verify')}
            </SubmitButton>
          </Form>
          <Form method="post" action="?intent=restart" className="text-center mt-2">
            <button type="submit" className="btn btn-link">
              {t('console.login.restart')}
            </button>
          </Form>
        </>
      )}
    </div>
  )
}
