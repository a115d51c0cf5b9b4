import { useEffect, useRef, useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { api } from '#common/api.ts'
import type { Verification, VerificationResponse } from '#common/schemas/verification.ts'
import { FRAME_INTERVAL_MS, FRAMES_PER_POSE, VERIFICATION_FAILURES_PER_DAY } from '#common/verification.ts'
import { useTranslation } from '../../i18n.ts'
import { ApiError, callApi } from '../../lib/api-client.ts'
import { VerifiedBadge } from '../members/index.ts'
import { useCamera } from './camera.ts'

/** Below this mean brightness (0–255) a picture is too dark to judge: the member is told first. */
const TOO_DARK = 45
const POLL_MS = 1500
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Step =
  | { kind: 'consent' }
  | { kind: 'pose'; verification: Verification; index: 0 | 1 }
  | { kind: 'deciding' }

/**
 * The live check as the member meets it (issue 37): the consent first (biometric data), then the
 * camera with two poses, a short burst of frames each, and the answer in a few seconds.
 */
export function LiveCheck({ status }: { status: VerificationResponse }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const camera = useCamera()
  const current = status.verification
  const [step, setStep] = useState<Step>(
    current?.status === 'deciding' ? { kind: 'deciding' } : { kind: 'consent' },
  )
  const [busy, setBusy] = useState<null | 'capturing' | 'sending'>(null)
  const [problem, setProblem] = useState<string | null>(null)

  // While the job decides, the page asks again every moment and shows the answer.
  const deciding = step.kind === 'deciding' || current?.status === 'deciding'
  useEffect(() => {
    if (!deciding) return
    const timer = setInterval(() => void revalidator.revalidate(), POLL_MS)
    return () => clearInterval(timer)
  }, [deciding, revalidator])
  useEffect(() => {
    if (step.kind === 'deciding' && current && current.status !== 'deciding' && current.status !== 'open') {
      camera.stop()
      setStep({ kind: 'consent' })
    }
  }, [step.kind, current, camera])

  // Each pose brings the camera, its instruction and the button into view together (issue 56).
  const cameraSection = useRef<HTMLElement>(null)
  const poseIndex = step.kind === 'pose' ? step.index : null
  useEffect(() => {
    if (poseIndex !== null) cameraSection.current?.scrollIntoView({ block: 'end' })
  }, [poseIndex])

  const fail = (error: unknown) =>
    setProblem(error instanceof ApiError ? error.message : t('errors.server.error'))

  async function begin() {
    setProblem(null)
    const opened = await camera.open()
    if (!opened) return
    try {
      // An attempt the member began and did not finish goes on where it stopped, with its poses.
      const verification =
        current?.status === 'open'
          ? current
          : (await callApi(api.startVerification, { body: {}, retries: 1 })).verification
      setStep({ kind: 'pose', verification, index: verification.poses_sent[0] ? 1 : 0 })
    } catch (error) {
      fail(error)
    }
  }

  async function capture(verification: Verification, index: 0 | 1) {
    setProblem(null)
    setBusy('capturing')
    const frames: Blob[] = []
    try {
      for (let n = 0; n < FRAMES_PER_POSE; n++) {
        if (n > 0) await wait(FRAME_INTERVAL_MS)
        const frame = await camera.grab()
        if (!frame) return setProblem(t('verify.camera.noPicture'))
        if (frame.brightness < TOO_DARK) return setProblem(t('verify.tooDark'))
        frames.push(frame.jpeg)
      }
      setBusy('sending')
      let answer = verification
      for (const [n, jpeg] of frames.entries())
        answer = (
          await callApi(api.verificationFrame, {
            form: { verification: verification.id, pose: index, n },
            file: jpeg,
            retries: 2,
          })
        ).verification
      if (answer.status === 'deciding') {
        camera.stop()
        setStep({ kind: 'deciding' })
        await revalidator.revalidate()
      } else setStep({ kind: 'pose', verification: answer, index: answer.poses_sent[0] ? 1 : 0 })
    } catch (error) {
      fail(error)
    } finally {
      setBusy(null)
    }
  }

  if (status.verified)
    return (
      <div className="alert alert-success d-flex gap-2 align-items-center" role="status">
        <VerifiedBadge />
        <span>{t('verify.verified')}</span>
      </div>
    )
  if (deciding)
    return (
      <div className="verify-deciding text-center py-4" role="status" aria-live="polite">
        <div className="spinner-border text-primary mb-3" aria-hidden="true" />
        <p className="lead mb-0">{t('verify.deciding')}</p>
      </div>
    )

  const onCamera = step.kind === 'pose'
  return (
    <div>
      <Outcome status={status} />
      {status.blocked ? (
        <Blocked why={status.blocked} />
      ) : (
        <>
          {step.kind === 'consent' && (
            <section className="card card-body shadow-sm mb-3" aria-labelledby="consent-title">
              <h2 id="consent-title" className="h5">
                {t('verify.consentTitle')}
              </h2>
              <p>{t('verify.consent')}</p>
              <p className="small text-body-secondary">{t('verify.consentKept')}</p>
              <ul className="small">
                <li>{t('verify.tips.light')}</li>
                <li>{t('verify.tips.distance')}</li>
                <li>{t('verify.tips.alone')}</li>
              </ul>
              <button
                type="button"
                className="btn btn-primary btn-lg align-self-start"
                onClick={() => void begin()}
                disabled={camera.state === 'opening'}
              >
                {current?.status === 'open' && current.poses_sent.some(Boolean)
                  ? t('verify.continue')
                  : t('verify.agree')}
              </button>
            </section>
          )}
          <section
            ref={cameraSection}
            className={onCamera ? 'verify-camera mb-3' : 'd-none'}
            aria-live="polite"
          >
            {step.kind === 'pose' && step.index === 1 && (
              <p className="text-center small mb-2">{t('verify.oneAtATime')}</p>
            )}
            {/* The pose is written over the picture, just above the button (issue 56, point 4): on a
                phone the member sees what to do where they look and press. */}
            <div className="verify-video-frame">
              <video
                ref={camera.video}
                className="verify-video"
                playsInline
                muted
                autoPlay
                aria-label={t('verify.camera.label')}
              />
              <div className="verify-oval" aria-hidden="true" />
              {step.kind === 'pose' && (
                <p className="verify-pose mb-0" data-pose={step.verification.poses[step.index]}>
                  <span className="visually-hidden">{t('verify.step', { n: step.index + 1, of: 2 })} </span>
                  {t(`verify.poses.${step.verification.poses[step.index]}`)}
                </p>
              )}
            </div>
            {step.kind === 'pose' && (
              <>
                <p className="text-center small text-body-secondary mt-2" aria-hidden="true">
                  {t('verify.step', { n: step.index + 1, of: 2 })}
                </p>
                <div className="d-grid">
                  <button
                    type="button"
                    className="btn btn-primary btn-lg"
                    disabled={busy !== null}
                    onClick={() => void capture(step.verification, step.index)}
                  >
                    {busy === 'capturing'
                      ? t('verify.capturing')
                      : busy === 'sending'
                        ? t('verify.sending')
                        : t('verify.capture')}
                  </button>
                </div>
              </>
            )}
          </section>
          {camera.state !== 'off' && camera.state !== 'on' && camera.state !== 'opening' && (
            <div className="alert alert-warning" role="alert">
              {t(`verify.camera.${camera.state}`)}
            </div>
          )}
          {problem && (
            <div className="alert alert-warning" role="alert">
              {problem}
            </div>
          )}
        </>
      )}
    </div>
  )
}

/** The last attempt's answer: why it failed (in words) or that a moderator will look. */
function Outcome({ status }: { status: VerificationResponse }) {
  const { t } = useTranslation()
  const last = status.verification
  if (last?.status !== 'failed') return null
  return (
    <div className="alert alert-danger" role="alert" data-testid="verify-failed">
      <p className="mb-1 fw-semibold">{t('verify.failed')}</p>
      <p className="mb-0">{t(`verify.reasons.${last.reason ?? 'pose_not_seen'}`)}</p>
      {!status.blocked && (
        <p className="mb-0 mt-1 small">{t('verify.tryAgain', { count: VERIFICATION_FAILURES_PER_DAY })}</p>
      )}
    </div>
  )
}

function Blocked({ why }: { why: NonNullable<VerificationResponse['blocked']> }) {
  const { t } = useTranslation()
  return (
    <div
      className={why === 'waiting_for_moderator' ? 'alert alert-info' : 'alert alert-warning'}
      role="status"
    >
      <p className="mb-0">{t(`verify.blocked.${why}`)}</p>
      {why === 'photos_needed' && (
        <Link to="/profile" className="btn btn-outline-primary btn-sm mt-2">
          {t('verify.addPhotos')}
        </Link>
      )}
    </div>
  )
}
