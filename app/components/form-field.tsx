import type { InputHTMLAttributes, ReactNode } from 'react'

/** A labelled input with its error message, wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  help,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; help?: ReactNode }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : help ? (
        <div className="form-text">{help}</div>
      ) : null}
    </div>
  )
}

/** The outcome of a form: an error alert or a success status. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <div className="alert alert-danger" role="alert">
        {error}
      </div>
    )
  }
  if (success) {
    return (
      <div className="alert alert-success" role="status">
        {success}
      </div>
    )
  }
  return null
}
