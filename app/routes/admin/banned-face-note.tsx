import type { BannedFaceView } from '#common/schemas/verification.ts'
import { useTranslation } from '../../i18n.ts'

/**
 * A banned member's face matched (issue 60, ADR 28), as a moderator reads it beside the new face: how
 * alike, the ban and its statement of reasons, and the photo the banned face was measured on while
 * it exists (the list keeps no picture). Nothing was refused: the moderator decides.
 */
export function BannedFaceNote({ banned }: { banned: BannedFaceView }) {
  const { t } = useTranslation()
  return (
    <div
      className="alert alert-danger py-2 small d-flex flex-column flex-sm-row gap-3 align-items-start"
      role="note"
      data-testid="banned-face"
    >
      {banned.photo ? (
        <img
          src={banned.photo}
          alt={t('console.bannedFace.photoAlt')}
          width={128}
          height={128}
          className="rounded object-fit-cover flex-shrink-0"
        />
      ) : null}
      <div>
        <p className="fw-semibold mb-1">
          {t('console.bannedFace.title', {
            similarity: banned.similarity.toFixed(2),
            date: banned.banned_at?.slice(0, 10) ?? '',
            report: banned.report,
          })}
        </p>
        <p className="mb-1">
          {t('console.bannedFace.reason')} <q>{banned.reason}</q>
        </p>
        <p className="mb-1">
          {banned.photo
            ? t(`console.bannedFace.measured.${banned.source}`)
            : t('console.bannedFace.noPicture')}{' '}
          {banned.user_id !== null ? (
            <a href={`/admin/members/${banned.user_id}`}>
              {t('console.bannedFace.account', { id: banned.user_id })}
            </a>
          ) : null}
        </p>
        <p className="mb-0 text-body-secondary">{t('console.bannedFace.decide')}</p>
      </div>
    </div>
  )
}
