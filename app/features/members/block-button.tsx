import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import { useTranslation } from '../../i18n.ts'
import { callApi } from '../../lib/api-client.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/** Block or unblock a member (POST/DELETE /api/block.php), then show the page as it now is. */
export function BlockButton({
  profileId,
  blocked,
  className = 'btn btn-outline-secondary',
}: {
  profileId: number
  blocked: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const toggle = async () => {
    setBusy(true)
    setError(null)
    try {
      await callApi(blocked ? api.unblock : api.block, { body: { profile: profileId }, retries: 1 })
      await revalidator.revalidate()
    } catch {
      setError(t('memberPage.blockFailed'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className={className} onClick={toggle} disabled={!hydrated || busy}>
        {blocked ? t('memberPage.unblock') : t('memberPage.block')}
      </button>
      {error ? (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}
