import { type FormEvent, useEffect, useRef, useState } from 'react'
import { api } from '#common/api.ts'
import { FormField, FormMessage } from '../../components/form-field.tsx'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { apiFormErrors } from '../../lib/form-errors.ts'
import type { Route } from './+types/login'
import { loadAdminLogin } from './admin.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdminLogin(context)
}

type Step =
  | { kind: 'password' }
  | { kind: 'code' }
  | { kind: 'enroll'; otpauthUrl: string; qrSvg: string }
  | { kind: 'recovery'; codes: string[] }

/** The secret inside an enrollment link, grouped by four for typing it in by hand. */
const secretOf = (url: string) =>
  (new URL(url).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim()

/**
 * /admin/login: the password, then a code from the authenticator app (or a recovery code). The
 * first login enrolls the app from a QR code and shows the recovery codes once.
 */
export default function AdminLogin() {
  const { t } = useTranslation()
  const [step, setStep] = useState<Step>({ kind: 'password' })
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)

  // Each step announces itself: the focus moves to its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is what moves the focus
  useEffect(() => heading.current?.focus(), [step.kind])

  const fail = (error: unknown) => {
    const result = apiFormErrors(error, t)
    setMessage(result.message ?? Object.values(result.fields)[0] ?? t('errors.server.error'))
  }

  async function submitPassword(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setMessage(null)
    try {
      const next = await callApi(api.staffLogin, { body: { email, password }, retries: 0 })
      setPassword('')
      setStep(
        next.step === 'enroll'
          ? { kind: 'enroll', otpauthUrl: next.otpauth_url ?? '', qrSvg: next.qr_svg ?? '' }
          : { kind: 'code' },
      )
    } catch (error) {
      fail(error)
    } finally {
      setBusy(false)
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setMessage(null)
    try {
      const done = await callApi(api.staffSecondFactor, { body: { code }, retries: 0 })
      if (done.recovery_codes) setStep({ kind: 'recovery', codes: done.recovery_codes })
      else window.location.assign('/admin')
    } catch (error) {
      fail(error)
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  const title =
    step.kind === 'password'
      ? t('console.login.title')
      : step.kind === 'enroll'
        ? t('console.login.enrollTitle')
        : step.kind === 'recovery'
          ? t('console.login.recoveryTitle')
          : t('console.login.codeTitle')

  return (
    <div className="mx-auto py-4" style={{ maxWidth: 440 }}>
      <title>{title}</title>
      <h1 className="h4 mb-3" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {step.kind === 'password' ? (
        <form className="card card-body" onSubmit={submitPassword} aria-busy={busy}>
          <FormMessage error={message} />
          <FormField
            id="staff-email"
            label={t('console.login.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormField
            id="staff-password"
            label={t('console.login.password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <SubmitButton className="btn btn-primary w-100" busy={busy} busyLabel={t('console.login.checking')}>
            {t('console.login.next')}
          </SubmitButton>
        </form>
      ) : step.kind === 'recovery' ? (
        <div className="card card-body">
          <p>{t('console.login.recoveryHelp')}</p>
          <ul className="list-unstyled font-monospace fs-5 row row-cols-2 mb-3" data-testid="recovery-codes">
            {step.codes.map((c) => (
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
        <form className="card card-body" onSubmit={submitCode} aria-busy={busy}>
          <FormMessage error={message} />
          {step.kind === 'enroll' ? (
            <>
              <p>{t('console.login.enrollHelp')}</p>
              <div
                className="mx-auto mb-2 bg-white p-2"
                style={{ width: 200 }}
                role="img"
                aria-label={t('console.login.qr')}
                // The QR code is an SVG the server drew from the enrollment link (no member input).
                // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made SVG of our own link
                dangerouslySetInnerHTML={{ __html: step.qrSvg }}
              />
              <p className="small text-body-secondary">
                {t('console.login.secret')} <code data-testid="totp-secret">{secretOf(step.otpauthUrl)}</code>
              </p>
            </>
          ) : (
            <p>{t('console.login.codeHelp')}</p>
          )}
          <FormField
            id="staff-code"
            label={t('console.login.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={9}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <SubmitButton className="btn btn-primary w-100" busy={busy} busyLabel={t('console.login.checking')}>
            {t('console.login.verify')}
          </SubmitButton>
        </form>
      )}
    </div>
  )
}
