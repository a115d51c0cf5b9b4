import { useCallback, useEffect, useRef, useState } from 'react'
import { FRAME_MAX_SIDE } from '#common/verification.ts'

/** Why the camera did not open, said to the member. */
type CameraProblem = 'denied' | 'missing' | 'unsupported' | 'busy'

function problemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string })?.name
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing'
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy'
  return 'unsupported'
}

/**
 * The front camera in a <video>: opened on demand (after the member's consent), stopped when the
 * page goes. `grab` takes the picture as the camera sees it (not mirrored), at most FRAME_MAX_SIDE.
 */
export function useCamera() {
  const video = useRef<HTMLVideoElement | null>(null)
  const stream = useRef<MediaStream | null>(null)
  const [state, setState] = useState<'off' | 'opening' | 'on' | CameraProblem>('off')

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop()
    stream.current = null
  }, [])
  useEffect(() => stop, [stop])

  const open = useCallback(async () => {
    if (stream.current) return true
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unsupported')
      return false
    }
    setState('opening')
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      })
      if (video.current) {
        video.current.srcObject = stream.current
        await video.current.play().catch(() => {})
      }
      setState('on')
      return true
    } catch (error) {
      setState(problemOf(error))
      return false
    }
  }, [])

  /** The current picture as a JPEG and its mean brightness (0–255), or null before the first frame. */
  const grab = useCallback(async (): Promise<{ jpeg: Blob; brightness: number } | null> => {
    const v = video.current
    if (!v || v.videoWidth === 0) return null
    const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(v.videoWidth, v.videoHeight))
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(v.videoWidth * scale)
    canvas.height = Math.round(v.videoHeight * scale)
    const g = canvas.getContext('2d')
    if (!g) return null
    g.drawImage(v, 0, 0, canvas.width, canvas.height)
    const small = document.createElement('canvas')
    small.width = 32
    small.height = 24
    const s = small.getContext('2d', { willReadFrequently: true })
    s?.drawImage(canvas, 0, 0, 32, 24)
    const pixels = s?.getImageData(0, 0, 32, 24).data
    let sum = 0
    for (let i = 0; pixels && i < pixels.length; i += 4)
      sum += 0.299 * pixels[i] + 0.587 * pixels[i + 1] + 0.114 * pixels[i + 2]
    const brightness = pixels ? sum / (pixels.length / 4) : 0
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9))
    return jpeg ? { jpeg, brightness } : null
  }, [])

  return { video, state, open, grab, stop }
}
