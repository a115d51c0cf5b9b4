import { Link } from 'react-router'
import { api } from '#common/api.ts'
import type { User } from '#common/schemas/accounts.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { DropdownMenu } from './dropdown-menu.tsx'

async function logout() {
  try {
    await callApi(api.logout, { retries: 1 })
  } finally {
    // After logout, the root (spec section 4); a full load drops every member's data from memory.
    window.location.assign('/')
  }
}

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
      <button type="button" className="dropdown-item" onClick={logout}>
        {t('account.logout')}
      </button>
    </DropdownMenu>
  )
}
