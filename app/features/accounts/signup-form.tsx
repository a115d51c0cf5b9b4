import { useId } from 'react'
import { Link } from 'react-router'
import { MIN_AGE } from '#common/constants.ts'
import { SubmitButton } from '../../components/submit-button.tsx'
import { useTranslation } from '../../i18n.ts'
import { useRootData } from '../../lib/use-root-data.ts'
import { preloadSchema, type SignupAnswer, useSignupForm } from './use-signup-form.ts'

function latestBirthDate(): string {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() - MIN_AGE)
  return d.toISOString().slice(0, 10)
}

/** The sign-up form of the modal and the /signup page (spec sections 3 and 5). */
export function SignupForm({
  onBusyChange,
  answer,
}: {
  onBusyChange?: (busy: boolean) => void
  /** What the sign-up page's action answered a post made without the page's scripts. */
  answer?: SignupAnswer
}) {
  const { t } = useTranslation()
  const { termsDate: date, signupOpen } = useRootData()
  const id = useId()
  const { fetcher, values, setValues, set, submit, busy, failed, errors, message, suggestion } =
    useSignupForm(answer, onBusyChange)

  if (!signupOpen) {
    return (
      <p className="alert alert-info mb-0" role="status">
        {t('signup.closed')}
      </p>
    )
  }

  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
  })
  const error = (name: string) =>
    errors[name] ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    ) : null

  return (
    <fetcher.Form
      method="post"
      action="/signup"
      onSubmit={submit}
      onFocus={preloadSchema}
      noValidate
      aria-busy={busy}
      className="signup-form"
    >
      {message ? (
        <div className="alert alert-danger" role="alert">
          {message}{' '}
          {failed?.code === 'accounts.email_exists' ? <Link to="/login">{t('login.submit')}</Link> : null}
        </div>
      ) : null}
      <div className="row g-3">
        <fieldset className="col-sm-6">
          <legend className="form-label fs-6 mb-1">{t('signup.iAm')}</legend>
          {(['female', 'male'] as const).map((g) => (
            <div className="form-check form-check-inline" key={g}>
              <input
                className={`form-check-input${errors.gender ? ' is-invalid' : ''}`}
                type="radio"
                name="gender"
                id={`${id}-gender-${g}`}
                value={g}
                checked={values.gender === g}
                onChange={set('gender')}
              />
              <label className="form-check-label" htmlFor={`${id}-gender-${g}`}>
                {t(g === 'female' ? 'signup.woman' : 'signup.man')}
              </label>
            </div>
          ))}
          {error('gender')}
        </fieldset>
        <fieldset className="col-sm-6">
          <legend className="form-label fs-6 mb-1">{t('signup.lookingFor')}</legend>
          {(['men', 'women', 'both'] as const).map((s) => (
            <div className="form-check form-check-inline" key={s}>
              <input
                className="form-check-input"
                type="radio"
                name="seeking"
                id={`${id}-seeking-${s}`}
                value={s}
                checked={values.seeking === s}
                onChange={set('seeking')}
              />
              <label className="form-check-label" htmlFor={`${id}-seeking-${s}`}>
                {t(`signup.${s}`)}
              </label>
            </div>
          ))}
          {error('sexuality')}
        </fieldset>
        <div className="col-sm-6">
          <label className="form-label" htmlFor={`${id}-name`}>
            {t('signup.name')}
          </label>
          <input
            {...field('name')}
            name="name"
            autoComplete="nickname"
            value={values.name}
            onChange={set('name')}
            maxLength={30}
          />
          {error('name') ?? <div className="form-text">{t('signup.nameHelp')}</div>}
        </div>
        <div className="col-sm-6">
          <label className="form-label" htmlFor={`${id}-date_of_birth`}>
            {t('signup.dateOfBirth')}
          </label>
          <input
            {...field('date_of_birth')}
            type="date"
            name="date_of_birth"
            autoComplete="bday"
            max={latestBirthDate()}
            min="1900-01-01"
            value={values.date_of_birth}
            onChange={set('date_of_birth')}
          />
          {error('date_of_birth')}
        </div>
        <div className="col-12">
          <label className="form-label" htmlFor={`${id}-email`}>
            {t('signup.email')}
          </label>
          <input
            {...field('email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={set('email')}
          />
          {error('email')}
          {suggestion ? (
            <div className="form-text" aria-live="polite">
              {t('signup.didYouMean', { suggestion })}{' '}
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                onClick={() => setValues((v) => ({ ...v, email: suggestion }))}
              >
                {t('signup.useSuggestion', { suggestion })}
              </button>
            </div>
          ) : errors.email ? null : (
            <div className="form-text">{t('signup.emailHelp')}</div>
          )}
        </div>
        <div className="col-sm-6">
          <label className="form-label" htmlFor={`${id}-password`}>
            {t('signup.password')}
          </label>
          <input
            {...field('password')}
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
          {error('password') ?? <div className="form-text">{t('signup.passwordHelp')}</div>}
        </div>
        <div className="col-sm-6">
          <label className="form-label" htmlFor={`${id}-password_repeat`}>
            {t('signup.passwordRepeat')}
          </label>
          <input
            {...field('password_repeat')}
            type="password"
            name="password_repeat"
            autoComplete="new-password"
            value={values.password_repeat}
            onChange={set('password_repeat')}
          />
          {error('password_repeat')}
        </div>
        <div className="col-12">
          <label className="form-label" htmlFor={`${id}-signup_message`}>
            {t('signup.message')}
          </label>
          <textarea
            {...field('signup_message')}
            name="signup_message"
            rows={2}
            maxLength={500}
            value={values.signup_message}
            onChange={set('signup_message')}
          />
          {error('signup_message')}
        </div>
      </div>
      <p className="small text-body-secondary mt-3">
        {t('signup.agreement', { date, min_age: MIN_AGE })} <Link to="/pages/terms">{t('footer.terms')}</Link>{' '}
        · <Link to="/pages/privacy">{t('footer.privacy')}</Link>
      </p>
      <SubmitButton
        className="btn btn-primary btn-lg w-100"
        busy={busy}
        busyLabel={t('signup.submitting')}
        beforeScripts
      >
        {t('signup.submit')}
      </SubmitButton>
      <p className="text-center mt-3 mb-0">
        {t('signup.haveAccount')} <Link to="/login">{t('login.submit')}</Link>
      </p>
    </fetcher.Form>
  )
}
