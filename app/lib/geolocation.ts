import { GEOLOCATION_MAX_AGE_MS } from '#common/constants.ts'

/** The browser's geolocation permission (spec section 4): unsupported, unknown, or its own state. */
export type GeolocationPermission = 'unsupported' | 'unknown' | PermissionState

export async function geolocationPermission(win: Window): Promise<GeolocationPermission> {
  if (!('geolocation' in win.navigator)) return 'unsupported'
  try {
    return (await win.navigator.permissions.query({ name: 'geolocation' })).state
  } catch {
    return 'unknown'
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
