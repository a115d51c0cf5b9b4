import { GEOLOCATION_MAX_AGE_MS } from '#common/constants.ts'

/** The browser's geolocation permission (spec section 4): unsupported, unknown, or its own state. */
export type GeolocationPermission = 'unsupported' | 'unknown' | PermissionState

/** Calls back with the permission now and whenever the member changes it in the browser; answers the unsubscribe. */
export function watchGeolocationPermission(
  win: Window,
  onChange: (state: GeolocationPermission) => void,
): () => void {
  let status: PermissionStatus | null = null
  let active = true
  const update = () => status && active && onChange(status.state)
  if (!('geolocation' in win.navigator)) {
    onChange('unsupported')
    return () => {}
  }
  win.navigator.permissions
    ?.query({ name: 'geolocation' })
    .then((result) => {
      status = result
      update()
      result.addEventListener('change', update)
    })
    .catch(() => active && onChange('unknown'))
  return () => {
    active = false
    status?.removeEventListener('change', update)
  }
}

/** The position, accepting one up to an hour old (spec section 9). */
export function currentPosition(win: Window): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    win.navigator.geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: 15_000,
      enableHighAccuracy: false,
    }),
  )
}
