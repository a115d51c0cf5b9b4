import { Form, Link } from 'react-router'
import type { User } from '#common/schemas/accounts.ts'
import { useTranslation } from '../../i18n.ts'
import { DropdownMenu } from './dropdown-menu.tsx'

/** The account dropdown: thumbnail or icon, the profile name, and the account's entries. */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation()
  const image = user.profile.main_image
  return (
    <DropdownMenu
      id="account-menu"
      toggleClassName="btn btn-light btn-sm d-flex align-items-center gap-2"
      label={t('account.menu', { name: user.profile.name })}
      toggle={
        <>
          {image ? (
            <img src={image.thumb_filename} alt="" className="account-thumb" width={32} height={32} />
          ) : (
            <svg aria-hidden="true" width="24" height="24" viewBox="0 0 16 16" fill="currentColor">
              <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-5 6s-1 0-1-1 1-4 6-4 6 3 6 4-1 1-1 1H3Z" />
            </svg>
          )}
          <span className="d-none d-sm-inline text-truncate" style={{ maxWidth: '8rem' }}>
            {user.profile.name}
          </span>
        </>
      }
    >
      <Link className="dropdown-item" to="/profile">
        {t('account.profile')}
      </Link>
      <Link className="dropdown-item" to="/notifications">
        {t('account.settings')}
      </Link>
      <hr className="dropdown-divider" />
      {/* The login page's action ends the session; the browser posts it itself, so that the root
          loads afresh and nothing of the member stays in memory (spec section 4). */}
      <Form method="post" action="/login?intent=logout" reloadDocument>
        <button type="submit" className="dropdown-item">
          {t('account.logout')}
        </button>
      </Form>
    </DropdownMenu>
  )
}
