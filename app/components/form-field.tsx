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

/**
 * A labelled select with its error message, wired for screen readers; the empty option comes first.
 * Controlled (`value` and `onChange`), or a plain form field (`name` and `defaultValue`).
 */
export function SelectField(props: {
  id: string
  label: string
  value?: string
  onChange?: (value: string) => void
  name?: string
  defaultValue?: string
  placeholder: string
  options: ReadonlyArray<{ value: string; label: string }>
  error?: string
}) {
  const { id, error, onChange } = props
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        className={`form-select${error ? ' is-invalid' : ''}`}
        value={props.value}
        defaultValue={props.defaultValue}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </div>
  )
}
